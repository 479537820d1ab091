import type { ReactNode } from 'react';
import { FieldError } from '../../components/forms/text-field';
import { labelStyle } from '../../components/styles';

interface GroupProps {
  id: string;
  legend: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** A fieldset whose first input takes the id, so focusing the field lands on it. */
export function ChoiceGroup({ id, legend, hint, error, children }: GroupProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined} aria-invalid={error ? true : undefined}>
      <legend className={labelStyle}>{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">{children}</div>
      {error && (
        <div className="mt-1.5">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      )}
    </fieldset>
  );
}

interface ChoiceProps {
  id?: string;
  type: 'checkbox' | 'radio';
  name: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

export function Choice({ id, type, name, label, checked, disabled, onChange }: ChoiceProps) {
  return (
    <label
      className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring ${
        checked ? 'border-accent bg-accent-soft text-accent-ink' : 'border-line bg-surface text-ink hover:bg-raised'
      } ${disabled ? 'cursor-not-allowed opacity-50' : ''}`}
    >
      <input
        id={id}
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-accent"
      />
      {label}
    </label>
  );
}

interface ManyProps<T extends string> {
  id: string;
  legend: string;
  hint?: ReactNode;
  error?: string;
  options: readonly { value: T; label: string }[];
  value: string[];
  max?: number;
  onChange: (value: string[]) => void;
}

/** Tick several; once `max` are ticked the others wait. */
export function CheckboxGroup<T extends string>({ id, legend, hint, error, options, value, max, onChange }: ManyProps<T>) {
  const full = max !== undefined && value.length >= max;
  return (
    <ChoiceGroup id={id} legend={legend} hint={hint} error={error}>
      {options.map((option, index) => {
        const checked = value.includes(option.value);
        return (
          <Choice
            key={option.value}
            id={index === 0 ? id : undefined}
            type="checkbox"
            name={id}
            label={option.label}
            checked={checked}
            disabled={!checked && full}
            onChange={(on) => onChange(on ? [...value, option.value] : value.filter((v) => v !== option.value))}
          />
        );
      })}
    </ChoiceGroup>
  );
}

interface OneProps<T> {
  id: string;
  legend: string;
  hint?: ReactNode;
  error?: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
}

export function RadioGroup<T extends string | boolean>({ id, legend, hint, error, options, value, onChange }: OneProps<T>) {
  return (
    <ChoiceGroup id={id} legend={legend} hint={hint} error={error}>
      {options.map((option, index) => (
        <Choice
          key={String(option.value)}
          id={index === 0 ? id : undefined}
          type="radio"
          name={id}
          label={option.label}
          checked={value === option.value}
          onChange={() => onChange(option.value)}
        />
      ))}
    </ChoiceGroup>
  );
}

export const yesNoOptions = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const;
