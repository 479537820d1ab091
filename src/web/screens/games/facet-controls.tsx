import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format';

export const legendStyle = 'mb-2 text-sm font-semibold text-ink';
export const optionRowStyle =
  'flex min-h-9 items-center gap-2.5 rounded-lg px-2 text-sm text-ink hover:bg-raised has-[:checked]:font-medium';
export const choiceInputStyle = 'size-4 shrink-0 accent-accent';

/** A facet's count beside an option: visible as a number, read out as '(n games)'. */
export function FacetCount({ count }: { count?: number }) {
  if (count === undefined) return null;
  return (
    <span className="ml-auto pl-2 text-xs tabular-nums text-muted">
      <span className="sr-only">(</span>
      {formatCount(count)}
      <span className="sr-only"> {count === 1 ? 'game' : 'games'})</span>
    </span>
  );
}

export function FacetGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className={legendStyle}>{legend}</legend>
      {children}
    </fieldset>
  );
}

export interface RadioOption<T> {
  value: T | undefined;
  label: ReactNode;
  count?: number;
}

interface RadioFacetProps<T> {
  legend: string;
  /** The address parameter it sets, so the form works before scripts ('Any' sends it empty). */
  name: string;
  options: readonly RadioOption<T>[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  /** Lay the options out in two columns (short labels, no counts). */
  columns?: boolean;
}

/** One choice out of a few, 'Any' included: a fieldset of radio buttons. */
export function RadioFacet<T extends string | number | boolean>({
  legend,
  name,
  options,
  value,
  onChange,
  columns = false,
}: RadioFacetProps<T>) {
  return (
    <FacetGroup legend={legend}>
      <ul className={columns ? 'grid grid-cols-2 gap-0.5' : 'space-y-0.5'}>
        {options.map((option) => (
          <li key={String(option.value)}>
            <label className={optionRowStyle}>
              <input
                type="radio"
                name={name}
                value={option.value === undefined ? '' : String(option.value)}
                checked={option.value === value}
                onChange={() => onChange(option.value)}
                className={choiceInputStyle}
              />
              {option.label}
              <FacetCount count={option.count} />
            </label>
          </li>
        ))}
      </ul>
    </FacetGroup>
  );
}

interface CheckboxOptionProps {
  label: ReactNode;
  /** The address parameter and value it adds, so the form works before scripts. */
  name: string;
  value: string;
  checked: boolean;
  count?: number;
  onChange: () => void;
}

export function CheckboxOption({ label, name, value, checked, count, onChange }: CheckboxOptionProps) {
  return (
    <label className={optionRowStyle}>
      <input type="checkbox" name={name} value={value} checked={checked} onChange={onChange} className={choiceInputStyle} />
      {label}
      <FacetCount count={count} />
    </label>
  );
}
