/** Class names shared by links and buttons that should look alike. */
const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  primary: `${buttonBase} bg-accent text-on-accent hover:bg-accent-hover`,
  secondary: `${buttonBase} border border-line bg-surface text-ink hover:bg-raised`,
} as const;

export const textLinkStyle =
  'font-medium text-accent-ink underline decoration-accent-ink/40 underline-offset-4 hover:decoration-accent-ink';

export const containerStyle = 'mx-auto w-full max-w-6xl px-4 sm:px-6';

export const cardStyle = 'rounded-2xl border border-line bg-surface shadow-sm';
