import type { MouseEvent } from 'react';

interface SkipToProps {
  /** The id of the element to move focus to; it needs tabIndex={-1}. */
  target: string;
  children: string;
}

/** A link shown only while focused that moves focus past what lies between it and its target. */
export function SkipTo({ target, children }: SkipToProps) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    element.focus();
  };
  return (
    <a
      href={`#${target}`}
      onClick={skip}
      className="sr-only rounded-lg bg-accent font-semibold text-on-accent shadow-lg focus:not-sr-only focus:mt-3 focus:inline-block focus:px-4 focus:py-2"
    >
      {children}
    </a>
  );
}
