import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { AppealQueueStatus } from '../../../shared/appeals';
import { SearchPagination, usePageParam } from '../../components/pagination';
import { cardStyle } from '../../components/styles';
import { appealQueueQuery } from '../../lib/appeals';
import { AppealCard } from './appeal-card';

const headings: Record<AppealQueueStatus, string> = { open: 'Open appeals', decided: 'Decided appeals' };
const empty: Record<AppealQueueStatus, string> = {
  open: 'No open appeals. When an author appeals a decision, it waits here for a moderator who did not make it.',
  decided: 'No appeal has been decided yet.',
};

/** Appeals, oldest open first: each decided once, finally, by a moderator other than the one who decided. */
export function AppealsQueue({ status, onDecided }: { status: AppealQueueStatus; onDecided: (message: string) => void }) {
  const { data, error } = useQuery(appealQueueQuery(status, usePageParam()));
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="appeals-title">
      <StatusNav current={status} />
      <h2 id="appeals-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink focus:outline-none">
        {headings[status]} {data && <span className="text-muted">({data.total})</span>}
      </h2>
      {status === 'decided' && <p className="mt-1 text-sm text-muted">A decided appeal is final; these are for reading.</p>}
      {error && <p className="mt-3 text-danger-ink">{error.message}</p>}
      {!data && !error && <p className="mt-3 text-muted">Loading appeals…</p>}
      {data && data.items.length === 0 && <p className="mt-3 text-muted">{empty[status]}</p>}
      <ul className="mt-4 space-y-6">
        {data?.items.map((appeal) => (
          <li key={appeal.id} className={`${cardStyle} p-5 sm:p-6`}>
            <AppealCard
              appeal={appeal}
              onDecided={(message) => {
                onDecided(message);
                // The decided appeal leaves the list; focus goes to the list's heading rather than the page's top.
                heading.current?.focus();
              }}
            />
          </li>
        ))}
      </ul>
      {data && <SearchPagination total={data.total} page={data.page} pageSize={data.pageSize} />}
    </section>
  );
}

function StatusNav({ current }: { current: AppealQueueStatus }) {
  return (
    <nav aria-label="Appeals" className="mb-4 flex flex-wrap gap-2">
      {(['open', 'decided'] as const).map((status) => (
        <Link
          key={status}
          to={status === 'open' ? '/moderation?view=appeals' : '/moderation?view=appeals&show=decided'}
          aria-current={status === current ? 'page' : undefined}
          className={`rounded-full border px-3 py-1 text-sm font-medium ${status === current ? 'border-accent bg-accent-soft text-accent-ink' : 'border-line text-muted hover:bg-raised hover:text-ink'}`}
        >
          {status === 'open' ? 'Open' : 'Decided'}
        </Link>
      ))}
    </nav>
  );
}
