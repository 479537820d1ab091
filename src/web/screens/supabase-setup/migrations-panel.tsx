import { useQuery } from '@tanstack/react-query';
import { cardStyle } from '../../components/styles';
import { databaseStatusQuery } from '../../lib/system';

/** The migrations the database has and the ones it is missing. */
export function MigrationsPanel() {
  const { data, error } = useQuery(databaseStatusQuery());
  return (
    <section aria-labelledby="migrations-title" className={`${cardStyle} mb-10 p-6`}>
      <h2 id="migrations-title" className="text-xl font-semibold text-ink">
        Migrations
      </h2>
      <div aria-live="polite" className="mt-4">
        {error && <p className="text-danger-ink">The migrations could not be read: {error.message}</p>}
        {!error && !data && <p className="text-muted">Reading the migrations…</p>}
        {data && (
          <>
            <p className="text-ink">
              {data.applied.length} applied, {data.pending.length} pending.{' '}
              {data.pending.length > 0 ? (
                <>
                  Run <code className="font-mono">npm run db:migrate</code> to apply the pending ones.
                </>
              ) : (
                'The schema is up to date.'
              )}
            </p>
            <ol className="mt-4 grid gap-2 sm:grid-cols-2">
              {[...data.applied.map((tag) => ({ tag, applied: true })), ...data.pending.map((tag) => ({ tag, applied: false }))].map(
                ({ tag, applied }) => (
                  <li key={tag} className="flex min-w-0 items-center justify-between gap-3 rounded-lg bg-raised px-3 py-2">
                    <code className="min-w-0 break-all font-mono text-sm text-ink">{tag}</code>
                    <span className={`text-xs font-semibold uppercase tracking-wider ${applied ? 'text-muted' : 'text-danger-ink'}`}>
                      {applied ? 'Applied' : 'Pending'}
                    </span>
                  </li>
                ),
              )}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}
