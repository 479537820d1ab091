import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut } from './api';
import { gameViewerQuery } from './game-viewer';
import { schema } from './lazy-schema';
import { memberRoot } from './query-roots';

export const stillWorksKeys = {
  status: (gameId: number) => ['games', gameId, 'status'] as const,
  allChecks: (gameId: number) => [...memberRoot, 'games', gameId, 'checks'] as const,
  checks: (gameId: number, page: number) => [...memberRoot, 'games', gameId, 'checks', { page }] as const,
  healthUrl: (gameId: number) => [...memberRoot, 'games', gameId, 'health-url'] as const,
};

/** Whether a game still works (decision 0067), on its own: the maker's screen. The game page has it in its viewer answer. */
export function gameStatusQuery(gameId: number) {
  return queryOptions({
    queryKey: stillWorksKeys.status(gameId),
    queryFn: ({ signal }) => apiGet(`/api/games/${gameId}/status`, schema('gameWorkStatusSchema'), signal),
  });
}

export function gameChecksQuery(gameId: number, page: number) {
  return queryOptions({
    queryKey: stillWorksKeys.checks(gameId, page),
    queryFn: ({ signal }) => apiGet(`/api/me/games/${gameId}/checks?page=${page}&pageSize=10`, schema('gameCheckPageSchema'), signal),
    placeholderData: keepPreviousData,
  });
}

/** The address the server checks instead of the play URL, if the maker gave one. */
export function healthUrlQuery(gameId: number) {
  return queryOptions({
    queryKey: stillWorksKeys.healthUrl(gameId),
    queryFn: ({ signal }) => apiGet(`/api/me/games/${gameId}/health-url`, schema('healthUrlSchema'), signal),
  });
}

export function useSetHealthUrl(gameId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (healthUrl: string | null) => apiPut(`/api/me/games/${gameId}/health-url`, { healthUrl }, schema('healthUrlSchema')),
    onSuccess: (saved) => client.setQueryData(stillWorksKeys.healthUrl(gameId), saved),
  });
}

/** "It doesn't work for me": the answer's status replaces the one shown. */
export function useWorksForMe(gameId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(`/api/games/${gameId}/works-for-me`, undefined, schema('worksForMeReceiptSchema')),
    onSuccess: ({ status }) => {
      client.setQueryData(stillWorksKeys.status(gameId), status);
      client.setQueryData(gameViewerQuery(gameId).queryKey, (viewer) => viewer && { ...viewer, workStatus: status });
    },
  });
}

/** "Check now": the history and the status follow the answer. */
export function useCheckNow(gameId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(`/api/me/games/${gameId}/checks`, undefined, schema('checkNowResultSchema')),
    onSuccess: ({ status }) => {
      client.setQueryData(stillWorksKeys.status(gameId), status);
      client.setQueryData(gameViewerQuery(gameId).queryKey, (viewer) => viewer && { ...viewer, workStatus: status });
      void client.invalidateQueries({ queryKey: stillWorksKeys.allChecks(gameId) });
    },
  });
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 hours ago", "yesterday": how long ago an ISO moment was. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return 'just now';
}
