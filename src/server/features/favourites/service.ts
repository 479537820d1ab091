import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../auth/session';
import { type CatalogueIndex, requirePublishedGame } from '../../catalogue';
import type { Db } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { preparedStatement } from '../../db/prepared';
import { favourites } from '../../db/schema';
import { writeMemberFacts } from '../../live/kept-per-member';

// A heart's event tells the member's other tabs, and every instance's kept favourites (decision 0079).
const heartEvent = (gameId: number) => ({ kind: 'favourite', gameId });

export async function addFavourite(db: Db, actor: Actor, gameId: number): Promise<void> {
  await requirePublishedGame(db, gameId);
  await writeMemberFacts(db, actor.id, heartEvent(gameId), (tx) =>
    tx.insert(favourites).values({ userId: actor.id, gameId }).onConflictDoNothing(),
  );
}

export async function removeFavourite(db: Db, actor: Actor, gameId: number): Promise<void> {
  await writeMemberFacts(db, actor.id, heartEvent(gameId), (tx) =>
    tx.delete(favourites).where(and(eq(favourites.userId, actor.id), eq(favourites.gameId, gameId))),
  );
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
  return index.pageOfJson(
    rows.map((row) => row.gameId),
    page,
  );
}
