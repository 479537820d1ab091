/**
 * A button waiting for the page's code (`waitsForCode` in lib/kept-tap.ts): not ready yet, and
 * ringed once a tap on it is kept for when the code arrives.
 */
export const waitingForCodeStyle = 'aria-disabled:cursor-progress aria-disabled:opacity-60 aria-busy:ring-2 aria-busy:ring-ring';

/** Class names shared by links and buttons that should look alike. */
const buttonBase = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${waitingForCodeStyle}`;

export const buttonStyles = {
  primary: `${buttonBase} bg-accent text-on-accent hover:bg-accent-hover`,
  secondary: `${buttonBase} border border-line bg-surface text-ink hover:bg-raised`,
  danger: `${buttonBase} bg-danger text-on-danger hover:opacity-90`,
} as const;

/** A button that reads like a link (switching between forms, 'Forgot password?'). */
export const linkButtonStyle = `rounded font-medium text-accent-ink underline decoration-accent-ink/40 underline-offset-4 hover:decoration-accent-ink disabled:cursor-not-allowed disabled:opacity-60 ${waitingForCodeStyle}`;

export const inputStyle =
  'block w-full rounded-lg border border-line bg-page px-3 py-2.5 text-base text-ink placeholder:text-muted/80 focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring/40 aria-[invalid=true]:border-danger-ink disabled:opacity-60';

export const labelStyle = 'block text-sm font-medium text-ink';

export const textLinkStyle =
  'font-medium text-accent-ink underline decoration-accent-ink/40 underline-offset-4 hover:decoration-accent-ink';

export const containerStyle = 'mx-auto w-full max-w-6xl px-4 sm:px-6';

export const cardStyle = 'rounded-2xl border border-line bg-surface shadow-sm';
