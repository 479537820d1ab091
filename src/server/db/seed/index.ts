import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, gameCategories, games } from '../schema';
import { seedCategories } from './data/categories';
import { seedGames, type SeedGame } from './data/games';

export function coverPath(slug: string): string {
  return `/covers/${slug}.svg`;
}

function gameRow(game: SeedGame) {
  return {
    slug: game.slug,
    title: game.title,
    tagline: game.tagline,
    description: game.description,
    imagePath: coverPath(game.slug),
    imageAlt: game.imageAlt,
    priceAmount: game.priceAmount,
    rating: game.rating,
    ratingCount: game.ratingCount,
    releaseDate: game.releaseDate,
    developer: game.developer,
    playCount: game.playCount,
    status: 'published' as const,
  };
}

/**
 * Writes the categories and the sample games. Safe to run on every start: categories are
 * brought up to date, sample games are added only when missing (their counts live on).
 */
export async function seedCatalogue(db: Db): Promise<{ gamesAdded: number }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(seedCategories.map((category, position) => ({ ...category, position })))
      .onConflictDoUpdate({
        target: categories.slug,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          position: sql`excluded.position`,
        },
      });
    const added = await tx
      .insert(games)
      .values(seedGames.map(gameRow))
      .onConflictDoNothing({ target: games.slug })
      .returning({ id: games.id, slug: games.slug });
    const bySlug = new Map(seedGames.map((game) => [game.slug, game]));
    const links = added.flatMap(({ id, slug }) =>
      (bySlug.get(slug)?.categories ?? []).map((categorySlug, position) => ({
        gameId: id,
        categorySlug,
        position,
      })),
    );
    if (links.length > 0) await tx.insert(gameCategories).values(links);
    return { gamesAdded: added.length };
  });
}
