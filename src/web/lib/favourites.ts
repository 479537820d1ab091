import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../shared/constants';
import type { FavouriteIds } from '../../shared/favourites';
import { apiDelete, apiGet, apiPut, isApiError } from './api';
import { useAuthStatus } from './auth-status';
import { schema } from './lazy-schema';
import { useRefreshAuth } from './session';

export const favouriteKeys = {
  all: ['favourites'] as const,
  lists: ['favourites', 'list'] as const,
  among: ['favourites', 'among'] as const,
};

/** The signed-in user's favourites, a page at a time, newest first. */
export function favouritesQuery({ page = 1, pageSize = DEFAULT_PAGE_SIZE }: { page?: number; pageSize?: number } = {}) {
  return queryOptions({
    queryKey: [...favouriteKeys.lists, { page, pageSize }] as const,
    queryFn: ({ signal }) => apiGet(`/api/me/favourites?page=${page}&pageSize=${pageSize}`, schema('favouritesPageSchema'), signal),
    staleTime: 0,
  });
}

/** Which of these games (sorted, distinct ids) are the signed-in user's favourites. */
export function favouriteIdsQuery(ids: readonly number[]) {
  return queryOptions({
    queryKey: [...favouriteKeys.among, ids] as const,
    queryFn: ({ signal }) => apiGet(`/api/me/favourites/among?ids=${ids.join(',')}`, schema('favouriteIdsSchema'), signal),
    select: (data) => new Set(data.ids),
    meta: { logError: 'GameSource could not check which games are your favourites.' },
  });
}

const toggleKey = ['favourites', 'toggle'] as const;

/** Distinct, sorted, at most a page: one cache entry per set of games, however they were listed. */
function normaliseIds(ids: readonly (number | string)[]): number[] {
  const numbers = ids.map(Number).filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(numbers)].sort((a, b) => a - b).slice(0, MAX_PAGE_SIZE);
}

/**
 * Notes, from an answer that already says so (home, a game page), which of the games shown are
 * favourites, under the same key the hearts of those games ask with: they then ask nothing.
 */
export function primeFavouriteIds(client: QueryClient, shown: readonly (number | string)[], favouriteIds: readonly number[]): void {
  const wanted = normaliseIds(shown);
  // An answer read before a heart's change reached the server would undo it; the change asks again once it is in.
  if (wanted.length === 0 || client.isMutating({ mutationKey: toggleKey }) > 0) return;
  const ids = favouriteIds.filter((id) => wanted.includes(id));
  client.setQueryData<FavouriteIds>(favouriteIdsQuery(wanted).queryKey, { ids });
}

/** Asks, as soon as a screen's games are known, which of them are favourites: the hearts then wait for nothing. */
export function prefetchFavouriteIds(client: QueryClient, shown: readonly (number | string)[]): Promise<void> | undefined {
  const wanted = normaliseIds(shown);
  return wanted.length > 0 ? client.prefetchQuery(favouriteIdsQuery(wanted)) : undefined;
}

/**
 * Which of these games are the signed-in user's favourites, asked in ONE request for the whole
 * list. `undefined` while unknown, when signed out, or when the answer could not be had: callers
 * then show no heart rather than a wrong one.
 */
export function useFavouriteIds(ids: readonly (number | string)[]): ReadonlySet<number> | undefined {
  const status = useAuthStatus();
  const wanted = normaliseIds(ids);
  const signedIn = status === 'signed-in';
  const { data } = useQuery({ ...favouriteIdsQuery(wanted), enabled: signedIn && wanted.length > 0 });
  return signedIn ? data : undefined;
}

interface ToggleFavourite {
  id: number;
  favourite: boolean;
}

function withFavourite(data: FavouriteIds, { id, favourite }: ToggleFavourite): FavouriteIds {
  const others = data.ids.filter((other) => other !== id);
  return { ids: favourite ? [...others, id] : others };
}

/** Adds or removes a favourite: every heart showing that game changes at once, and changes back on failure. */
export function useToggleFavourite() {
  const client = useQueryClient();
  const refresh = useRefreshAuth();
  return useMutation({
    mutationKey: toggleKey,
    mutationFn: ({ id, favourite }: ToggleFavourite) =>
      favourite
        ? apiPut(`/api/games/${id}/favourite`, undefined, schema('favouriteStateSchema'))
        : apiDelete(`/api/games/${id}/favourite`, schema('favouriteStateSchema')),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey: favouriteKeys.among });
      const previous = client
        .getQueriesData<FavouriteIds>({ queryKey: favouriteKeys.among })
        .filter(([key]) => (key[favouriteKeys.among.length] as readonly number[] | undefined)?.includes(change.id));
      for (const [key, data] of previous) {
        if (data) client.setQueryData<FavouriteIds>(key, withFavourite(data, change));
      }
      return { previous };
    },
    onError: (error, _change, context) => {
      for (const [key, data] of context?.previous ?? []) client.setQueryData(key, data);
      // The session ended elsewhere: learning that lets the guard send the user to sign in.
      if (isApiError(error, 'unauthenticated')) void refresh();
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: favouriteKeys.lists });
      // Refetching while another toggle is on its way would briefly undo that one's optimistic change.
      if (client.isMutating({ mutationKey: toggleKey }) === 1) {
        void client.invalidateQueries({ queryKey: favouriteKeys.among });
      }
    },
  });
}
