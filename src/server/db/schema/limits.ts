import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of the shared limiter (`http/limits/`): one row per key, kept in the database so
 * every instance on one PostgreSQL sees the same counts. A row whose `expires_at` has passed
 * counts as absent; the periodic clean-up deletes it.
 */
export const limitCounters = pgTable(
  'limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** Backoff keys: no attempt is allowed before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('limit_counters_expires_idx').on(t.expiresAt)],
);
