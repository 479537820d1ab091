import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
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

/** The page a list shows, from a search parameter of the address (1 when absent or not a page). */
export function usePageParam(name = 'page'): number {
  const [search] = useSearchParams();
  const page = Number(search.get(name));
  return Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/**
 * Previous and next links for a list whose page is a search parameter of this address: the
 * other parameters (the view, a filter) stay, so the links work before the page's code arrives.
 */
export function SearchPagination({
  total,
  page,
  pageSize,
  name = 'page',
  hash = '',
}: {
  total: number;
  page: number;
  pageSize: number;
  name?: string;
  hash?: string;
}) {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const pageCount = Math.ceil(total / pageSize);
  if (pageCount <= 1) return null;
  const hrefFor = (to: number) => {
    const next = new URLSearchParams(search);
    if (to === 1) next.delete(name);
    else next.set(name, String(to));
    const query = next.toString();
    return `${pathname}${query ? `?${query}` : ''}${hash}`;
  };
  return <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />;
}
