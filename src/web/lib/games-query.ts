import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { GameDetail } from '../../shared/games';
import { apiGet, isApiError } from './api';
import { catalogueApiSearch, catalogueFilters, type CatalogueFilters } from './catalogue-filters';
import { primeFavouriteIds } from './favourites';
import { schema } from './lazy-schema';

/** The games area's keys: a live `game:N` event refreshes a game's page and all under it, `catalogue` every list. */
export const gameKeys = {
  lists: ['games', 'list'] as const,
  list: (filters: object) => ['games', 'list', filters] as const,
  detail: (id: number) => ['games', 'detail', id] as const,
  viewer: (id: number) => ['games', 'detail', id, 'viewer'] as const,
  similar: (id: number) => ['games', 'similar', id] as const,
  allSimilar: ['games', 'similar'] as const,
};

export interface GamesParams extends Partial<CatalogueFilters> {
  pageSize?: number;
}

/** The catalogue with any filters, sort and page, addressed exactly as the `/games` screen's URL. */
export function gamesQuery({ pageSize = DEFAULT_PAGE_SIZE, ...params }: GamesParams = {}) {
  // The unknown-category notice is the screen's business, not the request's.
  const filters = catalogueFilters({ ...params, unknownCategory: undefined });
  return queryOptions({
    queryKey: gameKeys.list({ ...filters, pageSize }),
    queryFn: async ({ signal, client }) => {
      const page = await apiGet(`/api/games?${catalogueApiSearch(filters, pageSize)}`, schema('gamePageSchema'), signal);
      // A member's page says which of its games are favourites: noted where its hearts look.
      if (page.favouriteIds)
        primeFavouriteIds(
          client,
          page.items.map((game) => game.id),
          page.favouriteIds,
        );
      return page;
    },
  });
}

/** A game by id; `null` when the API says it does not exist, so the screen can say so kindly. */
export function gameQuery(id: number) {
  return queryOptions({
    queryKey: gameKeys.detail(id),
    queryFn: async ({ signal }): Promise<GameDetail | null> => {
      try {
        return await apiGet(`/api/games/${id}`, schema('gameDetailSchema'), signal);
      } catch (error) {
        if (isApiError(error, 'not-found')) return null;
        throw error;
      }
    },
  });
}
