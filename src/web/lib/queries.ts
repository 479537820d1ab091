import { queryOptions } from '@tanstack/react-query';
import type { CategorySlug } from '../../shared/categories';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { Game } from '../../shared/games';
import { apiGet, isApiError } from './api';
import { schema } from './lazy-schema';

export interface GamesParams {
  page?: number;
  pageSize?: number;
  category?: CategorySlug;
}

interface ResolvedGamesParams {
  page: number;
  pageSize: number;
  category?: CategorySlug;
}

function gamesSearch({ page, pageSize, category }: ResolvedGamesParams): string {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (category) search.set('category', category);
  return search.toString();
}

export function gamesQuery(params: GamesParams = {}) {
  const resolved: ResolvedGamesParams = {
    page: params.page ?? 1,
    pageSize: params.pageSize ?? DEFAULT_PAGE_SIZE,
    ...(params.category && { category: params.category }),
  };
  return queryOptions({
    queryKey: ['games', 'list', resolved] as const,
    queryFn: ({ signal }) => apiGet(`/api/games?${gamesSearch(resolved)}`, schema('gamePageSchema'), signal),
  });
}

/** A game by id; `null` when the API says it does not exist, so the screen can say so kindly. */
export function gameQuery(id: number) {
  return queryOptions({
    queryKey: ['games', 'detail', id] as const,
    queryFn: async ({ signal }): Promise<Game | null> => {
      try {
        return await apiGet(`/api/games/${id}`, schema('gameSchema'), signal);
      } catch (error) {
        if (isApiError(error, 'not-found')) return null;
        throw error;
      }
    },
  });
}

export function categoriesQuery() {
  return queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) => apiGet('/api/categories', schema('categoryListSchema'), signal),
    staleTime: 5 * 60_000,
  });
}

export function healthQuery() {
  return queryOptions({
    queryKey: ['health'] as const,
    queryFn: ({ signal }) => apiGet('/api/health', schema('healthSchema'), signal),
    staleTime: 0,
    retry: false,
  });
}
