import type { Database } from '../db/client';
import type { JobRunLog } from '../jobs/run-log';
import type { LiveHub } from '../live/hub';
import type { Metrics } from './metrics';

/** The database's connections (PostgreSQL) or statements waiting (embedded). */
export function registerDatabaseMetrics(metrics: Metrics, database: Database): void {
  if (database.kind === 'postgres') {
    const { pool } = database;
    metrics.gauge('db_pool_connections', 'PostgreSQL pool: connections open (busy and idle)', () => pool.totalCount);
    metrics.gauge('db_pool_idle_connections', 'PostgreSQL pool: connections open and idle', () => pool.idleCount);
    metrics.gauge('db_pool_waiting_requests', 'PostgreSQL pool: queries waiting for a connection', () => pool.waitingCount);
    return;
  }
  const { connection } = database;
  metrics.gauge(
    'db_embedded_statements_in_flight',
    'Embedded database: statements and transactions sent to it and not yet answered (it runs one at a time)',
    () => connection.inFlightCount(),
  );
}

/** The histogram the live hub observes each event's age into; created before the hub. */
export function liveEventLagHistogram(metrics: Metrics) {
  return metrics.histogram(
    'live_event_lag_seconds',
    "Time from a live event's writing transaction to this instance handing it to subscribers",
    [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
}

export function registerLiveMetrics(metrics: Metrics, live: LiveHub): void {
  metrics.gauge('live_subscribers', 'Open live-update subscriptions (event streams) on this instance', () => live.subscriberCount());
}

/** This instance's periodic job runs, by job and outcome (started, succeeded, failed). */
export function registerJobMetrics(metrics: Metrics, runs: JobRunLog): void {
  metrics.countedElsewhere('job_runs_total', 'Periodic job runs on this instance, by job and outcome', ['job', 'outcome'], () =>
    runs.names().flatMap((job) => {
      const counts = runs.counts(job);
      return [
        { labels: { job, outcome: 'started' }, value: counts.started },
        { labels: { job, outcome: 'succeeded' }, value: counts.succeeded },
        { labels: { job, outcome: 'failed' }, value: counts.failed },
      ];
    }),
  );
}
