import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveEvents } from '../../db/schema';
import { ACCESS_KEY, type EventAccess } from './event-store';

/** The PostgreSQL channel that carries new live event ids between server instances. */
export const liveChannel = 'gamesource_live';

// Any constant works; it only has to be the same for every instance, and for the catalogue
// change triggers of migration 0008, which take it too (as 1818850917).
export const PUBLISH_LOCK_KEY = 0x6c697665;

/**
 * Records a change on a topic. `access` is what the topic's read rule needs to know about the
 * thing after the change (a list's owner and whether it is public): the hub checks each
 * subscriber against it before delivering the event, and it never reaches a client. Call it inside the transaction that made the change, after ALL
 * its other writes and row locks: the event is stored and announced only if the change commits
 * (NOTIFY is delivered on commit). Publishing transactions take turns from here to their commit,
 * so event ids become visible in increasing order and a reader of `id > last seen` never skips
 * one. A transaction that locks rows after publishing, or after changing a game's row,
 * categories or screenshots (whose triggers take the same lock), can deadlock with another
 * publisher (PostgreSQL then aborts one of them): lock rows first, and publish at the end.
 */
export async function publish(db: Db, topic: string, payload: Record<string, unknown> = {}, access?: EventAccess): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_KEY})`);
  const stored = access === undefined ? payload : { ...payload, [ACCESS_KEY]: access };
  const [event] = await db.insert(liveEvents).values({ topic, payload: stored }).returning({ id: liveEvents.id });
  await db.execute(sql`select pg_notify(${liveChannel}, ${String(event!.id)})`);
}
