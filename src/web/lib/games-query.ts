import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import { catalogueApiSearch, catalogueFilters, type CatalogueFilters } from './catalogue-filters';
import { apiGet } from './api';
import { primeFavouriteIds } from './favourites';
import { schema } from './lazy-schema';

export interface GamesParams extends Partial<CatalogueFilters> {
  pageSize?: number;
}

/** The catalogue with any filters, sort and page, addressed exactly as the `/games` screen's URL. */
export function gamesQuery({ pageSize = DEFAULT_PAGE_SIZE, ...params }: GamesParams = {}) {
  // The unknown-category notice is the screen's business, not the request's.
  const filters = catalogueFilters({ ...params, unknownCategory: undefined });
  return queryOptions({
    queryKey: ['games', 'list', { ...filters, pageSize }] as const,
    queryFn: async ({ signal, client }) => {
      const page = await apiGet(`/api/games?${catalogueApiSearch(filters, pageSize)}`, schema('gamePageSchema'), signal);
      // A member's page says which of its games are favourites: noted where its hearts look.
      if (page.favouriteIds) primeFavouriteIds(client, page.items.map((game) => game.id), page.favouriteIds);
      return page;
    },
  });
}
