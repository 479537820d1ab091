import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPut } from './api';
import { categoryKeys } from './categories';
import { followKeys } from './follows';
import { gameKeys } from './games-query';
import { homeKeys } from './home';
import { schema } from './lazy-schema';
import { memberRoot } from './query-roots';

/** What one can say "Not interested" to: a game, or a maker (a user id) and all their games. */
export type HideTarget = { kind: 'game'; id: number } | { kind: 'maker'; id: string };

const pathOf = (target: HideTarget) =>
  target.kind === 'maker' ? `/api/makers/${encodeURIComponent(target.id)}/not-interested` : `/api/games/${target.id}/not-interested`;

export const notInterestedKeys = {
  all: [...memberRoot, 'not-interested'] as const,
  list: (kind: HideTarget['kind'], page: number) => [...memberRoot, 'not-interested', kind, { page }] as const,
};

export function hiddenGamesQuery(page: number) {
  return queryOptions({
    queryKey: notInterestedKeys.list('game', page),
    queryFn: ({ signal }) => apiGet(`/api/me/not-interested/games?page=${page}`, schema('hiddenGamesPageSchema'), signal),
  });
}

export function hiddenMakersQuery(page: number) {
  return queryOptions({
    queryKey: notInterestedKeys.list('maker', page),
    queryFn: ({ signal }) => apiGet(`/api/me/not-interested/makers?page=${page}`, schema('hiddenMakersPageSchema'), signal),
  });
}

/**
 * Hides (true) or shows again (false). Every list that may have shown the game or the maker's
 * games is asked again: the catalogue, home, categories' counts, similar games, the Following feed
 * and /account's lists.
 */
export function useSetHidden(target: HideTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (hide: boolean) =>
      hide ? apiPut(pathOf(target), undefined, schema('hiddenStateSchema')) : apiDelete(pathOf(target), schema('hiddenStateSchema')),
    onSuccess: () => {
      for (const queryKey of [
        gameKeys.lists,
        gameKeys.allSimilar,
        homeKeys.all,
        categoryKeys.all,
        followKeys.feeds,
        notInterestedKeys.all,
      ]) {
        void client.invalidateQueries({ queryKey });
      }
      void client.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === 'games' && queryKey[3] === 'viewer' });
    },
  });
}
