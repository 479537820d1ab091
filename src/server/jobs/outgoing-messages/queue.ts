import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { selectRows, type Database, type Db } from '../../db/client';
import { outgoingMessages } from '../../db/schema';
import type { Metrics } from '../../metrics/metrics';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string | undefined;
  text: string;
  html?: string | undefined;
}

/** A message one sender holds until it records the outcome (or its lease lapses). */
export interface ClaimedMessage extends OutgoingMessage {
  id: number;
  /** The same on every attempt: the e-mail's Message-ID, the SMS relay's Idempotency-Key. */
  messageId: string;
  /** This attempt's number, from 1. */
  attempts: number;
  claimToken: string;
}

const table = sql.identifier('outgoing_messages');
const interval = (ms: number) => sql`make_interval(secs => ${ms / 1000}::float8)`;

/**
 * Stores a message to send. Given a transaction, the message exists only if that transaction
 * commits. `messageDomain` ends the Message-ID (the sender's mail domain).
 */
export async function enqueueMessage(db: Db, message: OutgoingMessage, messageDomain: string): Promise<void> {
  await db.insert(outgoingMessages).values({
    messageId: `<${randomUUID()}@${messageDomain}>`,
    channel: message.channel,
    recipient: message.to,
    subject: message.subject ?? null,
    text: message.text,
    html: message.html ?? null,
  });
}

/**
 * Takes up to `limit` messages that are due (and pending, or left `sending` by a sender whose
 * lease lapsed) and leases them for `leaseMs`, in one statement: instances asking at once skip
 * each other's rows (`for update skip locked`), so no message is claimed by two.
 */
export async function claimDueMessages(database: Database, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const claimToken = randomUUID();
  const rows = await selectRows<{
    id: number;
    message_id: string;
    channel: 'email' | 'sms';
    recipient: string;
    subject: string | null;
    text: string;
    html: string | null;
    attempts: number;
  }>(
    database,
    sql`update ${table} set status = 'sending', attempts = attempts + 1, due_at = now() + ${interval(leaseMs)}, claim_token = ${claimToken}
        where id in (
          select id from ${table} where status <> 'failed' and due_at <= now()
          order by due_at, id limit ${limit} for update skip locked)
        returning id, message_id, channel, recipient, subject, text, html, attempts`,
  );
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject ?? undefined,
    text: row.text,
    html: row.html ?? undefined,
    attempts: row.attempts,
    claimToken,
  }));
}

const heldBy = (message: ClaimedMessage) => and(eq(outgoingMessages.id, message.id), eq(outgoingMessages.claimToken, message.claimToken));

/** The transport accepted it: the row goes (its links and codes are not kept). */
export async function markSent(db: Db, message: ClaimedMessage): Promise<void> {
  await db.delete(outgoingMessages).where(heldBy(message));
}

/** Tries again after `retryInMs`, or, with `retryInMs` undefined, gives up: the row stays as `failed`. */
export async function markAttemptFailed(db: Db, message: ClaimedMessage, error: string, retryInMs: number | undefined): Promise<void> {
  const lastError = error.slice(0, 1000);
  await db
    .update(outgoingMessages)
    .set(
      retryInMs === undefined
        ? { status: 'failed', claimToken: null, lastError }
        : { status: 'pending', claimToken: null, lastError, dueAt: sql`now() + ${interval(retryInMs)}` },
    )
    .where(heldBy(message));
}

export interface QueueDepth {
  /** Waiting for their first or next attempt. */
  pending: number;
  /** Held by a sender now (or by one that died, until its lease lapses). */
  sending: number;
  /** Gave up after the last attempt; kept for the operator. */
  failed: number;
}

/** How many messages are in the queue, by state: for metrics and operators. */
export async function outgoingQueueDepth(database: Database): Promise<QueueDepth> {
  const rows = await selectRows<{ status: keyof QueueDepth; count: number }>(
    database,
    sql`select status, count(*)::int as count from ${table} group by status`,
  );
  const depth: QueueDepth = { pending: 0, sending: 0, failed: 0 };
  for (const row of rows) depth[row.status] = Number(row.count);
  return depth;
}

/** The queue's depth at every scrape of `/metrics`, one gauge per status. */
export function registerQueueMetrics(metrics: Metrics, database: Database): void {
  const statuses: (keyof QueueDepth)[] = ['pending', 'sending', 'failed'];
  for (const status of statuses) {
    metrics.gauge(
      `outgoing_messages_${status}`,
      `Outgoing e-mail and SMS messages ${status} in the durable queue`,
      async () => (await outgoingQueueDepth(database))[status],
    );
  }
}
