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
