import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { favourites } from '../../db/schema';
import { preparedStatement } from '../../db/prepared';
import type { PageRequest } from '../../db/paging';
import { requirePublishedGame, type CatalogueIndex } from '../games';

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

/** The user's favourite games, newest first (favourites_user_recent_idx): ids only, their cards come from the catalogue. */
const favouritesNewestFirst = preparedStatement((db) =>
  db
    .select({ gameId: favourites.gameId })
    .from(favourites)
    .where(eq(favourites.userId, sql.placeholder('userId')))
    .orderBy(desc(favourites.createdAt), desc(favourites.gameId))
    .prepare('favourites_newest_first'),
);

/** A page of the user's listed favourites, newest first, as JSON of favouritesPageSchema's shape. */
export async function favouritesPageJson(db: Db, index: CatalogueIndex, actor: Actor, page: PageRequest): Promise<string> {
  const rows = await favouritesNewestFirst(db).execute({ userId: actor.id });
  return index.pageOfJson(rows.map((row) => row.gameId), page);
}
