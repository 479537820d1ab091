import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { GameDetail } from '../../shared/games';
import { apiGet, isApiError } from './api';
import { schema } from './lazy-schema';

/** A game by id; `null` when the API says it does not exist, so the screen can say so kindly. */
export function gameQuery(id: number) {
  return queryOptions({
    queryKey: ['games', 'detail', id] as const,
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

export function databaseStatusQuery() {
  return queryOptions({
    queryKey: ['system', 'database'] as const,
    queryFn: ({ signal }) => apiGet('/api/system/database', schema('databaseStatusSchema'), signal),
    staleTime: 0,
    retry: false,
  });
}

export const favouriteKeys = {
  all: ['favourites'] as const,
  lists: ['favourites', 'list'] as const,
  among: ['favourites', 'among'] as const,
};

/** The signed-in user's favourites, a page at a time, newest first. */
export function favouritesQuery({ page = 1, pageSize = DEFAULT_PAGE_SIZE }: { page?: number; pageSize?: number } = {}) {
  return queryOptions({
    queryKey: [...favouriteKeys.lists, { page, pageSize }] as const,
    queryFn: ({ signal }) =>
      apiGet(`/api/me/favourites?page=${page}&pageSize=${pageSize}`, schema('favouritesPageSchema'), signal),
    staleTime: 0,
  });
}

/** Which of these games (sorted, distinct ids) are the signed-in user's favourites. */
export function favouriteIdsQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: [...favouriteKeys.among, ids] as const,
    queryFn: ({ signal }) =>
      apiGet(`/api/me/favourites/among?ids=${ids.join(',')}`, schema('favouriteIdsSchema'), signal),
    select: (data) => new Set(data.ids),
    meta: { logError: 'GameSource could not check which games are your favourites.' },
  });
}
