import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { favourites } from '../../db/schema';
import type { LiveHub } from '../../live/hub';
import { keptForMember } from '../../live/kept-per-member';

/** Every favourite of the user, by the primary key's prefix. */
const favouritesOfUser = preparedStatement((db) =>
  db
    .select({ gameId: favourites.gameId })
    .from(favourites)
    .where(eq(favourites.userId, sql.placeholder('userId')))
    .prepare('favourites_of_user'),
);

/**
 * All the user's favourite games: asked by every page of cards a member loads (its hearts), so
 * kept until their topic tells of a change (a heart given or taken back publishes there).
 */
export function favouriteIdsOf(db: Db, live: LiveHub, userId: string): Promise<ReadonlySet<number>> {
  return keptForMember(live, userId, 'favourite-ids', async () => {
    const rows = await favouritesOfUser(db).execute({ userId });
    return new Set(rows.map((row) => row.gameId));
  });
}

/** Which of these games are among the favourites, each once, in id order: the hearts of a page of cards. */
export const heartsAmong = (favouriteIds: ReadonlySet<number>, gameIds: readonly number[]): number[] =>
  [...new Set(gameIds)].filter((id) => favouriteIds.has(id)).sort((a, b) => a - b);

/**
 * Which of the given games the user has as favourites (for the hearts on a page of cards): here,
 * beside the catalogue, because a member's catalogue page carries its hearts.
 */
export async function favouriteIdsAmong(db: Db, live: LiveHub, actor: Actor, gameIds: readonly number[]): Promise<number[]> {
  if (gameIds.length === 0) return [];
  return heartsAmong(await favouriteIdsOf(db, live, actor.id), gameIds);
}
