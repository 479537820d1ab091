import type { CatalogueSort } from '../../../shared/catalogue';
import { pathOf } from '../../../shared/routes';

/** The catalogue in a given order, for a section's "See all". */
export function catalogueHref(sort?: CatalogueSort): string {
  return sort ? `${pathOf('games')}?sort=${sort}` : pathOf('games');
}
