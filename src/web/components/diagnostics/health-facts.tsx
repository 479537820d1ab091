import type { DatabaseKind, DatabaseStatus, Health } from '../../../shared/health';
import { formatDuration } from '../../lib/format';

const databaseNames: Record<DatabaseKind, string> = {
  pglite: 'Embedded (PGlite)',
  postgres: 'PostgreSQL',
};

/** What the server says of itself, and of its database when that answered. */
export function HealthFacts({ health, database }: { health: Health; database: DatabaseStatus | undefined }) {
  const facts: [string, string][] = [
    ['Status', health.status.toUpperCase()],
    ['Database', databaseNames[health.database.kind]],
    ['Schema version', database ? (database.applied.at(-1) ?? 'none') : '…'],
    ['Database latency', database ? `${database.latencyMs.toFixed(1)} ms` : '…'],
    ['Server version', health.version],
    ['Server uptime', formatDuration(health.uptimeSeconds)],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {facts.map(([term, value]) => (
        <div key={term} className="rounded-xl bg-raised px-4 py-3">
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{term}</dt>
          <dd className="mt-1 font-mono text-base text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
