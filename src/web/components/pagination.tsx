import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from './styles';

interface PaginationProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}

export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  const hasPrevious = page > 1;
  const hasNext = page < pageCount;
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
      <PageLink to={hasPrevious ? hrefFor(page - 1) : undefined} rel="prev">
        <span aria-hidden="true">←</span> Previous
      </PageLink>
      <p className="text-sm font-medium text-muted">
        Page {page} of {pageCount}
      </p>
      <PageLink to={hasNext ? hrefFor(page + 1) : undefined} rel="next">
        Next <span aria-hidden="true">→</span>
      </PageLink>
    </nav>
  );
}

const disabledPageLinkStyle =
  'inline-flex cursor-not-allowed items-center gap-2 rounded-lg border border-dashed border-line px-4 py-2.5 text-sm font-semibold text-muted';

interface PageLinkProps {
  to?: string;
  rel: 'prev' | 'next';
  children: ReactNode;
}

function PageLink({ to, rel, children }: PageLinkProps) {
  if (!to) {
    return (
      <span aria-disabled="true" className={disabledPageLinkStyle}>
        {children}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} className={buttonStyles.secondary}>
      {children}
    </Link>
  );
}
