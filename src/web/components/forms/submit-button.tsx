import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonStyles } from '../styles';

interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** While the request is on its way: the button is disabled and shows a spinner. */
  pending?: boolean;
  variant?: keyof typeof buttonStyles;
  children: ReactNode;
}

/** A submit button whose name never changes, so it can always be found by it. */
export function SubmitButton({ pending = false, variant = 'primary', disabled, className = '', children, ...button }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={`${buttonStyles[variant]} ${className}`}
      {...button}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
}

export function Spinner() {
  return <span aria-hidden="true" className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent" />;
}
