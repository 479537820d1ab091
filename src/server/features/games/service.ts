import { and, eq } from 'drizzle-orm';
import type { Game } from '../../../shared/games';
import { selectGames, toGame } from '../../catalogue';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';
import { notFound } from '../../http/app-error';

export async function getPublishedGameBySlug(db: Db, slug: string, baseUrl: string): Promise<Game | undefined> {
  const [row] = await selectGames(db).where(and(eq(games.slug, slug), eq(games.status, 'published')));
  return row && toGame(row, baseUrl);
}

/** Throws not-found unless the game is listed: what favourites and reviews may refer to. */
export async function requirePublishedGame(db: Db, gameId: number): Promise<void> {
  const [game] = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.status, 'published')));
  if (!game) throw notFound(`No game with id ${gameId}`);
}
