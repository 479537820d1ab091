import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { games, hiddenGames, hiddenMakers } from '../../db/schema';

/** How long a user's hidden set is reused: their own changes forget it at once. */
const HIDDEN_SET_MS = 3_000;
const MAX_USERS = 5_000;

interface Remembered {
  readAt: number;
  ids: Promise<ReadonlySet<number>>;
}

/** Per database (each test app has its own), per user. */
const rememberedByDb = new WeakMap<Db, Map<string, Remembered>>();

const NOTHING: ReadonlySet<number> = new Set();

/** The games a user hid and the listed games of the makers they hid: two reads by key prefix. */
async function readHidden(db: Db, userId: string): Promise<ReadonlySet<number>> {
  const makers = db.select({ id: hiddenMakers.makerId }).from(hiddenMakers).where(eq(hiddenMakers.userId, userId));
  const [own, ofMakers] = await Promise.all([
    db.select({ id: hiddenGames.gameId }).from(hiddenGames).where(eq(hiddenGames.userId, userId)),
    db
      .select({ id: games.id })
      .from(games)
      .where(and(inArray(games.ownerId, makers), eq(games.status, 'published'))),
  ]);
  return new Set([...own, ...ofMakers].map((row) => row.id));
}

/**
 * The game ids to leave out of everything listed for this viewer (none for a visitor), read
 * once per request and reused for a few seconds at most.
 */
export function hiddenGameIds(db: Db, viewer: Actor | null): Promise<ReadonlySet<number>> {
  if (!viewer) return Promise.resolve(NOTHING);
  let byUser = rememberedByDb.get(db);
  if (!byUser) rememberedByDb.set(db, (byUser = new Map()));
  const now = Date.now();
  const hit = byUser.get(viewer.id);
  if (hit && now - hit.readAt < HIDDEN_SET_MS) return hit.ids;
  const ids = readHidden(db, viewer.id);
  byUser.delete(viewer.id);
  byUser.set(viewer.id, { readAt: now, ids });
  if (byUser.size > MAX_USERS) byUser.delete(byUser.keys().next().value!);
  ids.catch(() => byUser.delete(viewer.id));
  return ids;
}

/** After a user's own change: their next request reads the set again. */
export function forgetHidden(db: Db, userId: string): void {
  rememberedByDb.get(db)?.delete(userId);
}

/** A condition leaving these games out of a query of `games` (one parameter, whatever their number). */
export const notHidden = (hidden: ReadonlySet<number>): SQL | undefined =>
  hidden.size > 0 ? sql`${games.id} <> all(${sql.param([...hidden])}::int[])` : undefined;
