import { and, asc, count, eq } from 'drizzle-orm';
import type { Category } from '../../../shared/categories';
import type { Db } from '../../db/client';
import { categories, gameCategories, games } from '../../db/schema';

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select({
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      gameCount: count(games.id),
    })
    .from(categories)
    .leftJoin(gameCategories, eq(gameCategories.categorySlug, categories.slug))
    .leftJoin(games, and(eq(games.id, gameCategories.gameId), eq(games.status, 'published')))
    .groupBy(categories.slug)
    .orderBy(asc(categories.position));
  return rows as Category[];
}
