import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, gameCategories, games } from '../schema';
import { seedCategories } from './data/categories';
import { seedGameAi } from './data/game-ai';
import { seedGameDisclosure } from './data/game-disclosure';
import { seedGames, type SeedGame } from './data/games';
import { histogramColumns, ratingHistogram } from './histogram';
import { seedSampleMedia } from './media';

const categoryNames = new Map(seedCategories.map((category) => [category.slug, category.name]));

/** The AI facts and searchable category names of a sample game (kept up to date on every seed). */
function describedFields(game: SeedGame) {
  const ai = seedGameAi[game.slug];
  const aiDisclosure = seedGameDisclosure[game.slug];
  if (!ai || !aiDisclosure) throw new Error(`No AI facts for the sample game ${game.slug}`);
  return {
    aiRoles: ai.roles,
    aiRunsOn: ai.runsOn,
    aiWorksOffline: ai.worksOffline,
    aiNeedsOwnKey: ai.needsOwnApiKey,
    aiModelFamily: ai.modelFamily,
    aiOutputModerated: ai.outputModerated,
    aiDisclosure,
    searchKeywords: game.categories.map((slug) => categoryNames.get(slug) ?? slug).join(' '),
    playUrl: samplePlayPath(game.slug),
    // Play opens a page of ours: every sample game plays in the browser.
    platforms: ['web'],
  };
}

/** Sample games are not real games: Play opens a page of ours that says so. */
export function samplePlayPath(slug: string): string {
  return `/play/${slug}`;
}

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
    ...histogramColumns(ratingHistogram(game.rating, game.ratingCount)),
    releaseDate: game.releaseDate,
    developer: game.developer,
    playCount: game.playCount,
    status: 'published' as const,
    publishedAt: new Date(`${game.releaseDate}T12:00:00Z`),
    ...describedFields(game),
  };
}

/**
 * Writes the categories and the sample games. Safe to run on every start: categories and the
 * sample games' AI facts are brought up to date; their counts and ratings live on.
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
    const described = Object.keys(describedFields(seedGames[0]!)) as (keyof ReturnType<typeof describedFields>)[];
    const rows = await tx
      .insert(games)
      .values(seedGames.map(gameRow))
      .onConflictDoUpdate({
        target: games.slug,
        set: Object.fromEntries(described.map((key) => [key, sql.raw(`excluded.${games[key].name}`)])),
      })
      .returning({ id: games.id, slug: games.slug, inserted: sql<boolean>`(xmax = 0)` });
    const added = rows.filter((row) => row.inserted);
    const bySlug = new Map(seedGames.map((game) => [game.slug, game]));
    const links = added.flatMap(({ id, slug }) =>
      (bySlug.get(slug)?.categories ?? []).map((categorySlug, position) => ({
        gameId: id,
        categorySlug,
        position,
      })),
    );
    if (links.length > 0) await tx.insert(gameCategories).values(links);
    await seedSampleMedia(tx);
    return { gamesAdded: added.length };
  });
}
