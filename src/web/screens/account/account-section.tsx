import type { ReactNode } from 'react';
import { cardStyle } from '../../components/styles';

interface AccountSectionProps {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'normal' | 'danger';
}

export function AccountSection({ id, title, intro, children, tone = 'normal' }: AccountSectionProps) {
  const border = tone === 'danger' ? 'border-danger-ink/50' : '';
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyle} ${border} p-6 sm:p-8`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-ink">
        {title}
      </h2>
      {intro && <div className="mt-2 text-sm text-muted">{intro}</div>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
