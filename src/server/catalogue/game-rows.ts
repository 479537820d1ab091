import { and, eq, sql } from 'drizzle-orm';
import type { AiRole } from '../../shared/catalogue';
import type { CategorySlug } from '../../shared/categories';
import type { Game } from '../../shared/games';
import type { Db } from '../db/client';
import { games } from '../db/schema';
import { notFound } from '../http/app-error';

// A game's row as lists and pages read it, and the JSON of it that they answer: the catalogue's
// and every feature's that shows a game.

// Qualified by hand: Drizzle leaves column names bare when one table is selected.
export const categoriesOfGame = sql<CategorySlug[]>`array(
  select gc.category_slug from game_categories gc
  where gc.game_id = "games"."id"
  order by gc.position)`;

export const gameColumns = {
  id: games.id,
  slug: games.slug,
  title: games.title,
  tagline: games.tagline,
  description: games.description,
  imagePath: games.imagePath,
  imageAlt: games.imageAlt,
  priceAmount: games.priceAmount,
  rating: games.rating,
  ratingCount: games.ratingCount,
  releaseDate: games.releaseDate,
  developer: games.developer,
  playCount: games.playCount,
  aiRoles: games.aiRoles,
  aiRunsOn: games.aiRunsOn,
  aiWorksOffline: games.aiWorksOffline,
  aiNeedsOwnKey: games.aiNeedsOwnKey,
  aiModelFamily: games.aiModelFamily,
  aiOutputModerated: games.aiOutputModerated,
  playUrl: games.playUrl,
  createdAt: games.createdAt,
  updatedAt: games.updatedAt,
  categories: categoriesOfGame,
};

export function selectGames(db: Db) {
  return db.select(gameColumns).from(games);
}

export type GameRow = Awaited<ReturnType<typeof selectGames>>[number];

export function toGame(row: GameRow, baseUrl: string): Game {
  const [category] = row.categories;
  if (!category) throw new Error(`Game ${row.id} has no category`);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    tagline: row.tagline,
    description: row.description,
    image: row.imagePath,
    imageUrl: new URL(row.imagePath, baseUrl).href,
    imageAlt: row.imageAlt,
    category,
    categories: row.categories,
    ...(row.priceAmount === null ? { price: 'free' as const } : { price: 'paid' as const, priceAmount: row.priceAmount }),
    rating: row.rating,
    ratingCount: row.ratingCount,
    releaseDate: row.releaseDate,
    developer: row.developer,
    playCount: row.playCount,
    ai: {
      roles: row.aiRoles as AiRole[],
      runsOn: row.aiRunsOn,
      worksOffline: row.aiWorksOffline,
      needsOwnApiKey: row.aiNeedsOwnKey,
      modelFamily: row.aiModelFamily,
      outputModerated: row.aiOutputModerated,
    },
    playUrl: row.playUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Throws not-found unless the game is listed: what favourites and reviews may refer to. */
export async function requirePublishedGame(db: Db, gameId: number): Promise<void> {
  const [game] = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.status, 'published')));
  if (!game) throw notFound(`No game with id ${gameId}`);
}
