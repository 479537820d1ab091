import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveEvents } from '../../db/schema';

/** The PostgreSQL channel that carries new live event ids between server instances. */
export const liveChannel = 'gamesource_live';

/**
 * Records a change on a topic. Call it inside the transaction that made the change: the event
 * is stored and announced only if the change commits (NOTIFY is delivered on commit).
 */
export async function publish(db: Db, topic: string, payload: Record<string, unknown> = {}): Promise<void> {
  const [event] = await db.insert(liveEvents).values({ topic, payload }).returning({ id: liveEvents.id });
  await db.execute(sql`select pg_notify(${liveChannel}, ${String(event!.id)})`);
}
