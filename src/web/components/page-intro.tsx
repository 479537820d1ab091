import type { ReactNode } from 'react';

interface PageIntroProps {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
}

/** The heading block at the top of a screen: its one h1 and a short lead. */
export function PageIntro({ title, eyebrow, children }: PageIntroProps) {
  return (
    <header className="mb-8 max-w-3xl">
      {eyebrow && <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-accent-ink">{eyebrow}</p>}
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
      {children && <div className="mt-3 text-lg text-muted">{children}</div>}
    </header>
  );
}
