import { asc } from 'drizzle-orm';
import { catalogueQuerySchema } from '../../../shared/catalogue';
import type { Category } from '../../../shared/categories';
import { derivedFromIndex, type CatalogueIndex, type CatalogueSource } from '../../catalogue';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';

type Described = Omit<Category, 'gameCount'>;

/** No filters: each category's count is the number of listed games in it. */
const everyGame = catalogueQuerySchema.parse({});

/**
 * The categories with the number of listed games in each, as JSON of categoryListSchema's
 * shape. Names and descriptions are read once (the seed sets them; nothing changes them);
 * the counts are the catalogue index's category facet, exact with every change the index
 * takes in from the change feed, so no request groups the games table.
 */
export function createCategoryList(db: Db, catalogue: CatalogueSource) {
  let described: Promise<Described[]> | undefined;
  const readDescriptions = () =>
    db
      .select({ slug: categories.slug, name: categories.name, description: categories.description })
      .from(categories)
      .orderBy(asc(categories.position)) as Promise<Described[]>;
  let list: Described[] = [];
  const listJson = (index: CatalogueIndex, hidden?: ReadonlySet<number>) => {
    const counts = index.counts(everyGame, hidden).facets.category;
    const items: Category[] = list.map((category) => ({ ...category, gameCount: counts[category.slug] ?? 0 }));
    return JSON.stringify({ items });
  };
  const json = derivedFromIndex((index) => listJson(index));

  /** Counted without `hidden`, one user's "Not interested" games, when given (that answer is theirs alone). */
  return async function categoryListJson(hidden?: ReadonlySet<number>, whenStale?: (upToDateAt: number) => void): Promise<string> {
    described ??= readDescriptions().catch((error: unknown) => {
      described = undefined;
      throw error;
    });
    // Until the descriptions have been read once, an outage refuses the list.
    const [read, index] = await Promise.all([described, catalogue.index({ search: false, ...(whenStale && { whenStale }) })]);
    // Read once: the first answer is made with it, and every later one too.
    list = read;
    return hidden?.size ? listJson(index, hidden) : json(index);
  };
}
