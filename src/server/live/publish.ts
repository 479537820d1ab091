import { sql, type SQL } from 'drizzle-orm';
import { coalesced } from '../coalesced';
import { afterCommit } from '../db/after-commit';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { liveEvents } from '../db/schema';
import { committedHere } from './committed-here';
import { ACCESS_KEY, type EventAccess } from './event-store';

/** The PostgreSQL channel that wakes every server instance's hub when events are committed. */
export const liveChannel = 'gamesource_live';

/**
 * Wakes the hubs. Writers that commit while a wake-up is on its way share the next one: it
 * starts after they committed, so it still tells of their events, and a burst of writes costs
 * two notifications instead of one each.
 */
const announcer = perDatabase((db) => coalesced(() => db.execute(sql`select pg_notify(${liveChannel}, '')`)));
const announce = (db: Db) => announcer(db)();

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
  const rows = events.map(({ topic, payload = {}, access }) => ({
    topic,
    payload: access === undefined ? payload : { ...payload, [ACCESS_KEY]: access },
  }));
  await db.insert(liveEvents).values(rows);
  await announceOnCommit(
    db,
    events.map((event) => event.topic),
  );
}

/** An event whose topic and payload come from a row that the same statement writes. */
export interface LiveEventOfRow {
  topic: SQL;
  payload: SQL;
}

/**
 * `publishAll` as part of a statement: an insert, for a data-modifying WITH, of these events for
 * each row of `rows` (the name of an earlier WITH query). A hot write then changes and publishes
 * in one round trip; call `announceOnCommit` once the statement has run, with the topics it
 * knows of. No access rules: for public topics only.
 */
export function publishEachRow(rows: SQL, events: readonly LiveEventOfRow[]): SQL {
  const selects = events.map(({ topic, payload }) => sql`select ${topic}, ${payload}::jsonb from ${rows}`);
  return sql`insert into ${liveEvents} (${sql.identifier(liveEvents.topic.name)}, ${sql.identifier(liveEvents.payload.name)}) ${sql.join(selects, sql` union all `)}`;
}

/**
 * Wakes every instance's hub once the transaction `db` is in has committed (now, outside one).
 * This instance's own listeners hear of `topics` then, before the writer is answered: a member's
 * next request here must not find what was kept from before the change (committed-here.ts).
 */
export async function announceOnCommit(db: Db, topics: readonly string[] = []): Promise<void> {
  if (topics.length > 0) await afterCommit(db, async (committed) => committedHere(committed, topics));
  await afterCommit(db, announce);
}
