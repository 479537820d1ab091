import { Children, type ReactNode } from 'react';

/** `false`, `null` and empty strings do not count as a message. */
const hasMessage = (children: ReactNode) => Children.toArray(children).some((child) => child !== '');

/**
 * The form's own outcome. Both regions stay in the page, empty until needed, so assistive
 * technology is already listening when the message arrives.
 */
export function FormAlert({ children, id }: { children?: ReactNode; id?: string }) {
  return (
    <div
      id={id}
      role="alert"
      className={hasMessage(children) ? 'rounded-xl border border-danger-ink/40 bg-danger-soft px-4 py-3 text-sm text-ink' : undefined}
    >
      {children}
    </div>
  );
}

export function FormStatus({ children, id }: { children?: ReactNode; id?: string }) {
  return (
    <div
      id={id}
      role="status"
      aria-live="polite"
      className={hasMessage(children) ? 'rounded-xl border border-line bg-raised px-4 py-3 text-sm text-ink' : undefined}
    >
      {children}
    </div>
  );
}
