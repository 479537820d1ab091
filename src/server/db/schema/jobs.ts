import { doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per periodic job (`jobs/`), shared by every instance on one database: a run may start
 * only once `due_at` has passed and no other instance holds the lease (`lease_until` in the
 * future). The row also keeps the last run: who ran it, when, and how it ended.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  /** While a run goes on, the instance renews this; an instance that dies lets it lapse. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  instance: text('instance').notNull(),
  /** Names one run, so a late instance can only renew or finish its own. */
  runId: text('run_id').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** 'running', 'ok' or 'failed'. */
  outcome: text('outcome').notNull(),
  /** How many things the last finished run changed. */
  changed: integer('changed'),
  /** How long the last finished run took, in milliseconds. */
  durationMs: doublePrecision('duration_ms'),
});
