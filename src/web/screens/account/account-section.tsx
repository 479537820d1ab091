import type { ReactNode, RefObject } from 'react';
import { cardStyle } from '../../components/styles';

interface AccountSectionProps {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'normal' | 'danger';
  /** For a section that moves focus to its heading when what was used in it goes away. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

export function AccountSection({ id, title, intro, children, tone = 'normal', headingRef }: AccountSectionProps) {
  const border = tone === 'danger' ? 'border-danger-ink/50' : '';
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyle} ${border} p-6 sm:p-8`}>
      <h2
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="text-xl font-semibold tracking-tight text-ink focus:outline-none"
      >
        {title}
      </h2>
      {intro && <div className="mt-2 text-sm text-muted">{intro}</div>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
