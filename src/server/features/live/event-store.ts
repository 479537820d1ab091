import { and, asc, gt, inArray, lt, max, sql } from 'drizzle-orm';
import type { LiveEvent } from '../../../shared/live';
import type { Db } from '../../db/client';
import { liveEvents } from '../../db/schema';

/** How long events are kept for clients that reconnect. */
export const LIVE_EVENT_RETENTION_MS = 60 * 60 * 1000;

/** What an event says about who may read the changed thing now (see `publish`). */
export type EventAccess = Record<string, unknown>;

/** An event as the server holds it: `access` is split off the stored payload and never sent. */
export interface StoredLiveEvent extends LiveEvent {
  access?: EventAccess;
}

// Kept in the payload's JSON (no column of its own) and taken out as the event is read.
export const ACCESS_KEY = '$access';

const columns = { id: liveEvents.id, topic: liveEvents.topic, payload: liveEvents.payload };

function toEvent(row: { id: number; topic: string; payload: unknown }): StoredLiveEvent {
  const { [ACCESS_KEY]: access, ...payload } = row.payload as Record<string, unknown>;
  const event: StoredLiveEvent = { id: row.id, topic: row.topic, payload };
  if (access !== undefined) event.access = access as EventAccess;
  return event;
}

/** Events after `afterId` in id order, optionally only on these topics. */
export async function eventsAfter(db: Db, afterId: number, limit: number, topics?: readonly string[]): Promise<StoredLiveEvent[]> {
  const newer = gt(liveEvents.id, afterId);
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(topics ? and(newer, inArray(liveEvents.topic, [...topics])) : newer)
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows.map(toEvent);
}

export async function latestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(liveEvents.id) }).from(liveEvents);
  return row?.id ?? 0;
}

export async function pruneEvents(db: Db, olderThanMs = LIVE_EVENT_RETENTION_MS): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`));
}
