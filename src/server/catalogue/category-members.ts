import { catalogueQuerySchema } from '../../shared/catalogue';
import { categorySlugs, type CategorySlug } from '../../shared/categories';
import { MAX_PAGE_SIZE } from '../../shared/constants';
import type { CatalogueIndex } from './catalogue-index';

/** How many of the newest games of a category are kept as its members. */
export const NEWEST_PER_CATEGORY = MAX_PAGE_SIZE;

/** The ids of the newest listed games of each category, newest first, read off the index's own order. */
export function newestByCategory(index: CatalogueIndex): Map<CategorySlug, number[]> {
  return new Map(
    categorySlugs.map((slug) => [
      slug,
      index.pageIds(catalogueQuerySchema.parse({ category: slug, sort: 'newest', pageSize: NEWEST_PER_CATEGORY })),
    ]),
  );
}
