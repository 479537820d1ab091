import { and, eq } from 'drizzle-orm';
import type { Game } from '../../../shared/games';
import { selectGames, toGame } from '../../catalogue';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';

export async function getPublishedGameBySlug(db: Db, slug: string, baseUrl: string): Promise<Game | undefined> {
  const [row] = await selectGames(db).where(and(eq(games.slug, slug), eq(games.status, 'published')));
  return row && toGame(row, baseUrl);
}
