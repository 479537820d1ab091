import type { InputHTMLAttributes, ReactNode } from 'react';
import { inputStyle, labelStyle } from '../styles';

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children'>;

export interface TextFieldProps extends NativeInputProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and linked to it; `undefined` when the value is fine. */
  error?: string;
  hint?: ReactNode;
  /** Next to the label, on the right (a 'Forgot password?' link, say). */
  labelAside?: ReactNode;
  /** Ids of more elements that describe the field (a strength meter, an availability note). */
  describedBy?: string;
  children?: ReactNode;
}

export const describedByIds = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** A labelled input with its hint and inline error, both announced with the field. */
export function TextField({ id, label, value, onValueChange, error, hint, labelAside, describedBy, children, ...input }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className={labelStyle}>
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds(hintId, errorId, describedBy)}
        className={inputStyle}
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {children}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-danger-ink">
      {children}
    </p>
  );
}

/** An e-mail address field with the keyboard, autocomplete and spelling set for addresses. */
export function EmailField({ label = 'E-mail', ...props }: Omit<TextFieldProps, 'label'> & { label?: string }) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" spellCheck={false} required {...props} />;
}
