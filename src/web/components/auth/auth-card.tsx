import { useEffect, useRef, type ReactNode } from 'react';
import { Screen } from '../screen';
import { cardStyle } from '../styles';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Below the card: links to other ways in, the terms. */
  footer?: ReactNode;
  /** Move focus to the heading when the title changes (a new step of the same screen). */
  focusOnTitleChange?: boolean;
}

/** The narrow, centred card of the sign-in screens. */
export function AuthCard({ title, intro, children, footer, focusOnTitleChange = false }: AuthCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownTitle = useRef(title);
  useEffect(() => {
    if (focusOnTitleChange && title !== shownTitle.current) heading.current?.focus();
    shownTitle.current = title;
  }, [focusOnTitleChange, title]);

  return (
    <Screen>
      <div className="mx-auto w-full max-w-md">
        <div className={`${cardStyle} p-6 sm:p-8`}>
          <h1
            id="auth-card-title"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight text-ink focus:outline-none sm:text-3xl"
          >
            {title}
          </h1>
          {intro && <div className="mt-2 text-muted">{intro}</div>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
      </div>
    </Screen>
  );
}
