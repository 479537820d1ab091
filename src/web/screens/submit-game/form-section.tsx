import type { ReactNode } from 'react';
import { cardStyle } from '../../components/styles';

export function FormSection({ id, title, hint, children }: { id: string; title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyle} space-y-5 p-5 sm:p-6`}>
      <header>
        <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-ink">
          {title}
        </h2>
        {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
      </header>
      {children}
    </section>
  );
}
