import { and, count, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { favourites, games } from '../../db/schema';
import { descending } from '../../db/order';
import { preparedStatement } from '../../db/prepared';
import { pageOf } from '../../db/paging';
import { requirePublishedGame, selectGames, toGame } from '../games';

export async function addFavourite(db: Db, actor: Actor, gameId: number): Promise<void> {
  await requirePublishedGame(db, gameId);
  await db.insert(favourites).values({ userId: actor.id, gameId }).onConflictDoNothing();
}

export async function removeFavourite(db: Db, actor: Actor, gameId: number): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, actor.id), eq(favourites.gameId, gameId)));
}

/** One statement for any number of games. */
const favouritesAmong = preparedStatement((db) =>
  db
    .select({ gameId: favourites.gameId })
    .from(favourites)
    .where(and(eq(favourites.userId, sql.placeholder('userId')), sql`${favourites.gameId} = any(${sql.placeholder('gameIds')}::int[])`))
    .prepare('favourites_among'),
);

/** Which of the given games the user has as favourites (for the hearts on a page of cards). */
export async function favouriteIdsAmong(db: Db, actor: Actor, gameIds: number[]): Promise<number[]> {
  if (gameIds.length === 0) return [];
  const rows = await favouritesAmong(db).execute({ userId: actor.id, gameIds });
  return rows.map((row) => row.gameId).sort((a, b) => a - b);
}

export async function listFavourites(db: Db, actor: Actor, page: number, pageSize: number, baseUrl: string) {
  const mine = and(eq(favourites.userId, actor.id), eq(games.status, 'published'));
  return pageOf(
    selectGames(db)
      .innerJoin(favourites, eq(favourites.gameId, games.id))
      .where(mine)
      .orderBy(descending(favourites.createdAt), descending(games.id))
      .$dynamic(),
    db.select({ total: count() }).from(favourites).innerJoin(games, eq(favourites.gameId, games.id)).where(mine),
    { page, pageSize },
    (row) => toGame(row, baseUrl),
  );
}
