import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { games, hiddenGames, hiddenMakers } from '../../db/schema';
import type { LiveHub } from '../../live/hub';
import { keptForMember } from '../../live/kept-per-member';

/** What a member said "Not interested" to: rows only they change. */
interface HiddenChoices {
  games: ReadonlySet<number>;
  makers: readonly string[];
}

const NOTHING: ReadonlySet<number> = new Set();

/** Both by the user's key prefix. */
async function readChoices(db: Db, userId: string): Promise<HiddenChoices> {
  const [ownGames, makers] = await Promise.all([
    db.select({ id: hiddenGames.gameId }).from(hiddenGames).where(eq(hiddenGames.userId, userId)),
    db.select({ id: hiddenMakers.makerId }).from(hiddenMakers).where(eq(hiddenMakers.userId, userId)),
  ]);
  return { games: new Set(ownGames.map((row) => row.id)), makers: makers.map((row) => row.id) };
}

/**
 * The game ids to leave out of everything listed for this viewer (none for a visitor). Their
 * choices are kept on every instance until their topic tells of a change (decision 0079); the
 * games of the makers they hid are read each time (games_owner_idx), since those change when the
 * makers publish, not when the member acts.
 */
export async function hiddenGameIds(db: Db, live: LiveHub, viewer: Actor | null): Promise<ReadonlySet<number>> {
  if (!viewer) return NOTHING;
  const choices = await keptForMember(live, viewer.id, 'not-interested', () => readChoices(db, viewer.id));
  if (choices.makers.length === 0) return choices.games;
  const ofMakers = await db
    .select({ id: games.id })
    .from(games)
    .where(and(inArray(games.ownerId, [...choices.makers]), eq(games.status, 'published')));
  return new Set([...choices.games, ...ofMakers.map((row) => row.id)]);
}

/** A condition leaving these games out of a query of `games` (one parameter, whatever their number). */
export const notHidden = (hidden: ReadonlySet<number>): SQL | undefined =>
  hidden.size > 0 ? sql`${games.id} <> all(${sql.param([...hidden])}::int[])` : undefined;
