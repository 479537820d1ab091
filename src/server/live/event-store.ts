import { and, asc, desc, inArray, lt, sql } from 'drizzle-orm';
import type { LiveEvent } from '../../shared/live';
import { liveStart, type LiveCursor } from '../../shared/live-cursor';
import type { Db } from '../db/client';
import { liveEvents } from '../db/schema';

/** How long events are kept for clients that reconnect. */
export const LIVE_EVENT_RETENTION_MS = 60 * 60 * 1000;

/** What an event says about who may read the changed thing now (see `publish`). */
export type EventAccess = Record<string, unknown>;

/** An event as the server holds it: `access` is split off the stored payload and never sent. */
export interface StoredLiveEvent extends LiveEvent {
  access?: EventAccess;
  /** Seconds from the writing transaction's start to this read, on the database's clock (for metrics). */
  ageSeconds?: number;
}

// Kept in the payload's JSON (no column of its own) and taken out as the event is read.
export const ACCESS_KEY = '$access';

/**
 * The oldest transaction that may still be running when the statement starts. Every transaction
 * below it has ended, so the events they wrote are all there is below it: an event is settled
 * once its txid is below this, and no event can ever appear before a settled one.
 */
const horizon = sql`pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

const eventAge = sql<number>`extract(epoch from (clock_timestamp() - ${liveEvents.createdAt}))::float8`;

const columns = { id: liveEvents.id, txid: liveEvents.txid, topic: liveEvents.topic, payload: liveEvents.payload };

function toEvent(row: { id: number; txid: number; topic: string; payload: unknown; ageSeconds: number }): StoredLiveEvent {
  const { [ACCESS_KEY]: access, ...payload } = row.payload as Record<string, unknown>;
  const event: StoredLiveEvent = { id: row.id, txid: row.txid, topic: row.topic, payload, ageSeconds: row.ageSeconds };
  if (access !== undefined) event.access = access as EventAccess;
  return event;
}

export interface SettledEvents {
  /** The settled events after the cursor, in cursor order. */
  events: StoredLiveEvent[];
  /** The limit was reached: read again from the last one. */
  more: boolean;
  /** Later events are committed but not settled yet: an older transaction is still running. */
  unsettled: boolean;
}

/** Settled events after `after` in (txid, id) order, optionally only on these topics. */
export async function settledEventsAfter(db: Db, after: LiveCursor, limit: number, topics?: readonly string[]): Promise<SettledEvents> {
  const later = sql`(${liveEvents.txid}, ${liveEvents.id}) > (${after.txid}::bigint, ${after.id}::bigint)`;
  const rows = await db
    .select({ ...columns, ageSeconds: eventAge, unsettled: sql<boolean>`${liveEvents.txid} >= ${horizon}` })
    .from(liveEvents)
    .where(topics ? and(later, inArray(liveEvents.topic, [...topics])) : later)
    .orderBy(asc(liveEvents.txid), asc(liveEvents.id))
    .limit(limit);
  // Unsettled rows sort after every settled one.
  const settled = rows.filter((row) => !row.unsettled);
  const unsettled = settled.length < rows.length;
  return { events: settled.map(toEvent), more: !unsettled && rows.length === limit, unsettled };
}

/** The last settled event's cursor (the start when there is none). */
export async function latestSettledCursor(db: Db): Promise<LiveCursor> {
  const [row] = await db
    .select({ txid: liveEvents.txid, id: liveEvents.id })
    .from(liveEvents)
    .where(lt(liveEvents.txid, horizon))
    .orderBy(desc(liveEvents.txid), desc(liveEvents.id))
    .limit(1);
  return row ?? liveStart;
}

export async function pruneEvents(db: Db, olderThanMs = LIVE_EVENT_RETENTION_MS): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`));
}
