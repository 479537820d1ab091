import type { CategorySlug } from '../../shared/categories';
import { pathOf } from '../../shared/routes';

interface GamesLocation {
  category?: CategorySlug;
  page?: number;
}

/** The catalogue address for a category and page; page 1 and 'all categories' stay implicit. */
export function gamesHref({ category, page }: GamesLocation = {}): string {
  const search = new URLSearchParams();
  if (category) search.set('category', category);
  if (page && page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `${pathOf('games')}?${query}` : pathOf('games');
}

export function gameDetailHref(id: string | number): string {
  return `${pathOf('game-detail')}?id=${encodeURIComponent(String(id))}`;
}

const LAST_CATALOGUE_KEY = 'gamesource-last-catalogue';

/** Remembers the catalogue's search and filters (this tab only), for "← All games" to go back to. */
export function rememberCatalogueSearch(search: string): void {
  try {
    window.sessionStorage.setItem(LAST_CATALOGUE_KEY, search);
  } catch {
    // Storage refused (private mode, quota): "← All games" goes to the whole catalogue.
  }
}

/** The catalogue as it was last seen in this tab, with its filters; the whole catalogue otherwise. */
export function lastCatalogueHref(): string {
  let search: string | null = null;
  try {
    search = window.sessionStorage.getItem(LAST_CATALOGUE_KEY);
  } catch {
    search = null;
  }
  return search && search.startsWith('?') ? `${pathOf('games')}${search}` : gamesHref();
}
