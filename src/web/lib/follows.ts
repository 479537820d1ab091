import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowState, NotificationPreferences } from '../../shared/follows';
import type { FollowTarget } from '../../shared/page-forms';
import { apiDelete, apiGet, apiPut } from './api';
import { gameViewerQuery } from './game-viewer';
import { schema } from './lazy-schema';
import { memberRoot } from './query-roots';

export type { FollowTarget };

const pathOf = (target: FollowTarget) =>
  target.kind === 'maker' ? `/api/makers/${encodeURIComponent(target.id)}/follow` : `/api/games/${target.id}/follow`;

export const followKeys = {
  state: (target: FollowTarget) => ['follows', target.kind, String(target.id)] as const,
  feeds: [...memberRoot, 'following'] as const,
  feed: (page: number) => [...memberRoot, 'following', 'feed', { page }] as const,
  preferences: [...memberRoot, 'notification-preferences'] as const,
};

/**
 * A game's follow state comes with the game page's one viewer request (decision 0026), so the
 * page asks nothing more for it; a maker's has a request of its own.
 */
export function followStateQuery(target: FollowTarget) {
  return queryOptions({
    queryKey: followKeys.state(target),
    queryFn: async ({ signal, client }): Promise<FollowState> =>
      target.kind === 'game'
        ? (await client.fetchQuery(gameViewerQuery(target.id))).follow
        : apiGet(pathOf(target), schema('followStateSchema'), signal),
  });
}

/** Follows or unfollows; the button shows the server's answer (and the followers count with it). */
export function useToggleFollow(target: FollowTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow ? apiPut(pathOf(target), undefined, schema('followStateSchema')) : apiDelete(pathOf(target), schema('followStateSchema')),
    onSuccess: (state: FollowState) => {
      client.setQueryData(followKeys.state(target), state);
      if (target.kind === 'game') {
        const viewerKey = gameViewerQuery(target.id).queryKey;
        client.setQueryData(viewerKey, (viewer) => viewer && { ...viewer, follow: state });
      }
      void client.invalidateQueries({ queryKey: followKeys.feeds });
    },
  });
}

export function followingFeedQuery(page: number) {
  return queryOptions({
    queryKey: followKeys.feed(page),
    queryFn: ({ signal }) => apiGet(`/api/me/following/feed?page=${page}`, schema('followingFeedSchema'), signal),
  });
}

export function notificationPreferencesQuery() {
  return queryOptions({
    queryKey: followKeys.preferences,
    queryFn: ({ signal }) => apiGet('/api/me/notification-preferences', schema('notificationPreferencesSchema'), signal),
  });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    // One save at a time, in the order they were made: the last choice is the one stored.
    scope: { id: 'notification-preferences' },
    mutationFn: (preferences: NotificationPreferences) =>
      apiPut('/api/me/notification-preferences', preferences, schema('notificationPreferencesSchema')),
    // The box shows the choice at once; a failed save reads the stored choices back.
    onMutate: (preferences) => client.setQueryData(followKeys.preferences, preferences),
    onSuccess: (saved) => client.setQueryData(followKeys.preferences, saved),
    onError: () => client.invalidateQueries({ queryKey: followKeys.preferences }),
  });
}
