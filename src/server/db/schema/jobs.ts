import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * E-mail and SMS waiting to go out (`jobs/outgoing-messages/`), shared by every instance. A row
 * is claimed by one instance at a time; it is deleted once its transport accepted it, so a sent
 * message's links and codes are not kept. `due_at` is when the row may next be claimed: for a
 * `pending` row its next attempt, for a `sending` one when the sender's lease lapses (it died
 * mid-send), after which another instance sends it again under the same `message_id`.
 */
export const outgoingMessages = pgTable(
  'outgoing_messages',
  {
    id: serial('id').primaryKey(),
    /** The e-mail's Message-ID (and the SMS relay's Idempotency-Key), the same on every attempt. */
    messageId: text('message_id').notNull().unique(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sending', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** Names one claim, so a sender whose lease lapsed cannot finish another's attempt. */
    claimToken: text('claim_token'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outgoing_messages_due_idx')
      .on(t.dueAt)
      .where(sql`status <> 'failed'`),
  ],
);
