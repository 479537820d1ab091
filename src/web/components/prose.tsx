import type { ReactNode } from 'react';

const proseStyle = [
  'max-w-3xl text-base leading-7 text-muted',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-ink',
  '[&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink',
  '[&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-ink',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
  '[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-accent-ink',
  '[&_code]:[overflow-wrap:anywhere] [&_code]:rounded [&_code]:bg-raised [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm [&_code]:text-ink',
  '[&_a]:font-medium [&_a]:text-accent-ink [&_a]:underline [&_a]:underline-offset-4',
].join(' ');

/** Long-form text (about, community, support): styles the plain elements inside it. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className={proseStyle}>{children}</div>;
}
