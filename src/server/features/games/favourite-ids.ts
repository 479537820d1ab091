import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { favourites } from '../../db/schema';

/** One statement for any number of games. */
const favouritesAmong = preparedStatement((db) =>
  db
    .select({ gameId: favourites.gameId })
    .from(favourites)
    .where(and(eq(favourites.userId, sql.placeholder('userId')), sql`${favourites.gameId} = any(${sql.placeholder('gameIds')}::int[])`))
    .prepare('favourites_among'),
);

/**
 * Which of the given games the user has as favourites (for the hearts on a page of cards): here,
 * beside the catalogue, because a member's catalogue page carries its hearts.
 */
export async function favouriteIdsAmong(db: Db, actor: Actor, gameIds: readonly number[]): Promise<number[]> {
  if (gameIds.length === 0) return [];
  const rows = await favouritesAmong(db).execute({ userId: actor.id, gameIds });
  return rows.map((row) => row.gameId).sort((a, b) => a - b);
}
