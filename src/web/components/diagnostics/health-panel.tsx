import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { databaseStatusQuery, healthQuery } from '../../lib/system';
import { buttonStyles, cardStyle } from '../styles';
import { HealthFacts } from './health-facts';

const timeOfDay = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' });

/**
 * The live `/api/health` answer (the server) and `/api/system/database` (its database). Errors
 * are shown here rather than thrown: this panel is where the 'database unavailable' error
 * screen sends people, so it must work when the database does not.
 */
export function HealthPanel() {
  const server = useQuery(healthQuery());
  const database = useQuery(databaseStatusQuery());
  const data = server.data;
  const error = server.error ?? database.error;
  const isFetching = server.isFetching || database.isFetching;
  const refetch = () => Promise.all([server.refetch(), database.refetch()]);
  const checkedAt = Math.max(server.dataUpdatedAt, server.errorUpdatedAt);
  return (
    <section aria-labelledby="health-title" className={`${cardStyle} p-6`}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="health-title" className="text-xl font-semibold text-ink">
          Server health
        </h2>
        <button type="button" onClick={() => void refetch()} disabled={isFetching} className={buttonStyles.secondary}>
          {isFetching ? 'Checking…' : 'Refresh'}
        </button>
      </div>
      <div aria-live="polite" aria-busy={isFetching} className="mt-5">
        {error && <HealthError error={error} />}
        {!error && data && <HealthFacts health={data} database={database.data} />}
        {!error && !data && <p className="text-muted">Checking the server…</p>}
        {checkedAt > 0 && <p className="mt-4 text-sm text-muted">Last checked at {timeOfDay.format(checkedAt)}.</p>}
      </div>
    </section>
  );
}

function HealthError({ error }: { error: Error }) {
  const headline = isApiError(error, 'unavailable')
    ? 'The server is running, but the database cannot be reached.'
    : 'The health check failed.';
  return (
    <div className="rounded-xl border border-line bg-raised p-4">
      <p className="font-semibold text-danger-ink">Status: unavailable</p>
      <p className="mt-1 text-ink">{headline}</p>
      <p className="mt-1 text-sm text-muted">{error.message}</p>
    </div>
  );
}
