import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { UPDATES_DEFAULT_PAGE_SIZE } from '../../shared/update-values';
import type { UpdateInput } from '../../shared/updates';
import { apiDelete, apiGet, apiPost, apiPut, isApiError } from './api';
import { gameViewerQuery } from './game-viewer';
import { gameKeys } from './games-query';
import { schema } from './lazy-schema';
import { memberRoot } from './query-roots';
import { useRefreshAuth } from './session';

/** Under the game's detail key, so a live change to the game refreshes its updates too. */
export const updateKeys = {
  all: (gameId: number) => [...gameKeys.detail(gameId), 'updates'] as const,
  followed: [...memberRoot, 'following', 'updates'] as const,
};

/**
 * A game's update posts, newest first, a page at a time ("Show more"). The first read of the first
 * page comes with the game page's one request (lib/game-viewer.ts); later reads, after a post, an
 * edit or a deletion, ask the updates themselves.
 */
export function updatesQuery(gameId: number, pageSize = UPDATES_DEFAULT_PAGE_SIZE) {
  const queryKey = [...updateKeys.all(gameId), { pageSize }];
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal, client }) => {
      const withViewer = pageParam === 1 && pageSize === UPDATES_DEFAULT_PAGE_SIZE && !client.getQueryState(queryKey)?.dataUpdatedAt;
      const fromViewer = withViewer ? (await client.fetchQuery(gameViewerQuery(gameId))).updates : undefined;
      return (
        fromViewer ?? apiGet(`/api/games/${gameId}/updates?page=${pageParam}&pageSize=${pageSize}`, schema('gameUpdatePageSchema'), signal)
      );
    },
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** Update posts about the games and makers the member follows, newest first. */
export function followedUpdatesQuery(pageSize = UPDATES_DEFAULT_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: [...updateKeys.followed, { pageSize }],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiGet(`/api/me/following/updates?page=${pageParam}&pageSize=${pageSize}`, schema('followedUpdatePageSchema'), signal),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** After a write the game's updates are read again, and the mutation waits for them. */
function useRefreshUpdates(gameId: number) {
  const client = useQueryClient();
  const refresh = useRefreshAuth();
  return {
    onSuccess: () => client.invalidateQueries({ queryKey: updateKeys.all(gameId) }),
    // A 403 may be a suspension the page did not know of: who is signed in is read again, so its banner shows.
    onError: (error: Error) => {
      if (isApiError(error, 'unauthenticated') || isApiError(error, 'permission-denied')) void refresh().catch(() => undefined);
    },
  };
}

/** Posts a new update (no id) or edits one. */
export function useSaveUpdate(gameId: number) {
  return useMutation({
    mutationFn: ({ updateId, input }: { updateId?: number; input: UpdateInput }) =>
      updateId === undefined
        ? apiPost(`/api/games/${gameId}/updates`, input, schema('gameUpdateSchema'))
        : apiPut(`/api/updates/${updateId}`, input, schema('gameUpdateSchema')),
    ...useRefreshUpdates(gameId),
  });
}

export function useDeleteUpdate(gameId: number) {
  return useMutation({
    mutationFn: (updateId: number) => apiDelete(`/api/updates/${updateId}`, schema('updateDeletedSchema')),
    ...useRefreshUpdates(gameId),
  });
}
