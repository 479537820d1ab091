import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { workStatusLabels } from '../../../shared/work-status-values';
import { buttonStyles } from '../../components/styles';
import { formatCount } from '../../lib/format';
import { gameChecksQuery, gameStatusQuery, timeAgo, useCheckNow } from '../../lib/still-works';
import { HealthAddressForm } from './health-address-form';

const PAGE_SIZE = 10;

/** The maker's view of "Still works" (decision 0067): the status, the last checks, and "Check now". */
export function GameChecks({ gameId, title }: { gameId: number; title: string }) {
  const [page, setPage] = useState(1);
  const { data: status } = useQuery(gameStatusQuery(gameId));
  const { data, error } = useQuery(gameChecksQuery(gameId, page));
  const checkNow = useCheckNow(gameId);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-label={`Checks of ${title}`} className="space-y-3 border-t border-line pt-3">
      <div className="flex flex-wrap items-center gap-3">
        <h4 className="text-sm font-semibold text-ink">Still works</h4>
        {status && (
          <span className="text-sm text-muted">
            {workStatusLabels[status.status]}
            {status.lastCheckedAt && ` · checked ${timeAgo(status.lastCheckedAt)}`}
          </span>
        )}
        <button type="button" className={buttonStyles.secondary} disabled={checkNow.isPending} onClick={() => checkNow.mutate()}>
          {checkNow.isPending ? 'Checking…' : 'Check now'}
        </button>
        <span role="status" className={checkNow.isError ? 'text-sm text-danger-ink' : 'text-sm text-muted'}>
          {checkNow.isError && checkNow.error.message}
          {checkNow.isSuccess && (checkNow.data.check.ok ? 'The check passed.' : `The check failed: ${checkNow.data.check.reason}`)}
        </span>
      </div>
      <HealthAddressForm gameId={gameId} />
      {error && <p className="text-sm text-muted">The checks are not available: {error.message}</p>}
      {data && data.total === 0 && (
        <p className="text-sm text-muted">No checks yet. The server checks an outside play address about once a day.</p>
      )}
      {data && data.items.length > 0 && (
        <ol className="divide-y divide-line text-sm">
          {data.items.map((check) => (
            <li key={`${check.checkedAt}-${check.durationMs}`} className="flex flex-wrap gap-x-3 gap-y-1 py-1.5">
              <span className={check.ok ? 'font-semibold text-success-ink' : 'font-semibold text-danger-ink'}>
                {check.ok ? 'Passed' : 'Failed'}
              </span>
              <time dateTime={check.checkedAt} className="text-muted">
                {timeAgo(check.checkedAt)}
              </time>
              <span className="text-ink">{check.statusCode ?? '—'}</span>
              <span className="min-w-0 break-words text-muted">{check.reason}</span>
              <span className="text-muted">{formatCount(check.durationMs)} ms</span>
              {check.manual && <span className="text-muted">(asked for)</span>}
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 && (
        <div className="flex gap-3">
          <button type="button" className={buttonStyles.secondary} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <button type="button" className={buttonStyles.secondary} disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </div>
      )}
    </section>
  );
}
