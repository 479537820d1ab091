import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from './api';
import { schema } from './lazy-schema';
import { memberRoot } from './query-roots';

/** On the member's root: their live topic refreshes the list and the bell's count alike. */
export const notificationKeys = {
  all: [...memberRoot, 'notifications'] as const,
  unread: [...memberRoot, 'notifications', 'unread'] as const,
};

export function notificationsQuery() {
  return queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => apiGet('/api/me/notifications?pageSize=10', schema('notificationPageSchema'), signal),
  });
}

export function useNotificationMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: notificationKeys.all });
  return {
    markRead: useMutation({
      mutationFn: (id: number) => apiPost(`/api/me/notifications/${id}/read`, undefined, schema('notificationsReadSchema')),
      onSuccess: refresh,
    }),
    markAllRead: useMutation({
      mutationFn: () => apiPost('/api/me/notifications/read-all', undefined, schema('notificationsReadSchema')),
      onSuccess: refresh,
    }),
  };
}
