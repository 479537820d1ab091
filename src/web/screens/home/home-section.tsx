import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { containerStyle } from '../../components/styles';

interface HomeSectionProps {
  id: string;
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}

export function HomeSection({ id, title, more, children }: HomeSectionProps) {
  return (
    <section aria-labelledby={id} className={`${containerStyle} pt-14`}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-ink">
          {title}
        </h2>
        {more && (
          <Link to={more.to} className="text-sm font-semibold text-accent-ink hover:underline">
            {more.label} <span aria-hidden="true">→</span>
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
