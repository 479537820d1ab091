import { sql } from 'drizzle-orm';
import { afterCommit } from '../db/after-commit';
import type { Db } from '../db/client';
import { liveEvents } from '../db/schema';
import { ACCESS_KEY, type EventAccess } from './event-store';

/** The PostgreSQL channel that wakes every server instance's hub when events are committed. */
export const liveChannel = 'gamesource_live';

const announce = (db: Db) => db.execute(sql`select pg_notify(${liveChannel}, '')`);

/**
 * Records a change on a topic. `access` is what the topic's read rule needs to know about the
 * thing after the change (a list's owner and whether it is public): the hub checks each
 * subscriber against it before delivering the event, and it never reaches a client. Call it
 * inside the transaction that made the change: the event is stored only if the change commits,
 * and the hubs are woken once it has (one notification per transaction). Publishers do not take
 * turns: each event carries its transaction's id, and readers wait until every transaction that
 * could still add an earlier event has ended (event-store.ts).
 */
export async function publish(db: Db, topic: string, payload: Record<string, unknown> = {}, access?: EventAccess): Promise<void> {
  await publishAll(db, [{ topic, payload, access }]);
}

export interface LiveEvent {
  topic: string;
  payload?: Record<string, unknown>;
  access?: EventAccess;
}

/** `publish` for several events of one change, stored in one statement. */
export async function publishAll(db: Db, events: readonly LiveEvent[]): Promise<void> {
  const rows = events.map(({ topic, payload = {}, access }) => ({ topic, payload: access === undefined ? payload : { ...payload, [ACCESS_KEY]: access } }));
  await db.insert(liveEvents).values(rows);
  await afterCommit(db, announce);
}
