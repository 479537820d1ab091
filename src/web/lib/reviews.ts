import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { REVIEWS_DEFAULT_PAGE_SIZE, type ReviewOrder } from '../../shared/review-values';
import type { ReviewInput } from '../../shared/reviews';
import { apiDelete, apiGet, apiPost, apiPut, isApiError } from './api';
import { gameViewerQuery } from './game-viewer';
import { gameKeys } from './games-query';
import { schema } from './lazy-schema';
import { useRefreshAuth } from './session';

/** Under the game's detail key, so invalidating it (a write, the game's live topic) refreshes the reviews too. */
export const reviewKeys = {
  all: (gameId: number) => [...gameKeys.detail(gameId), 'reviews'] as const,
  list: (gameId: number, order: ReviewOrder) => [...gameKeys.detail(gameId), 'reviews', 'list', { order }] as const,
  mine: (gameId: number) => [...gameKeys.detail(gameId), 'reviews', 'mine'] as const,
};

/**
 * A game's reviews, a page at a time ("Show more"), in the order asked. The first time the
 * newest are asked, their first page comes with the game page's one request (lib/game-viewer.ts);
 * every later read of the list, after a vote or a review, asks the reviews themselves.
 */
export function reviewsQuery(gameId: number, order: ReviewOrder, pageSize = REVIEWS_DEFAULT_PAGE_SIZE) {
  const queryKey = reviewKeys.list(gameId, order);
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal, client }) => {
      const withViewer =
        pageParam === 1 && order === 'newest' && pageSize === REVIEWS_DEFAULT_PAGE_SIZE && !client.getQueryState(queryKey)?.dataUpdatedAt;
      const fromViewer = withViewer ? (await client.fetchQuery(gameViewerQuery(gameId))).reviews : undefined;
      return (
        fromViewer ??
        apiGet(`/api/games/${gameId}/reviews?order=${order}&page=${pageParam}&pageSize=${pageSize}`, schema('reviewPageSchema'), signal)
      );
    },
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

/** The signed-in user's own review of the game (or null), and whether they made the game. */
export function myReviewQuery(gameId: number) {
  return queryOptions({
    queryKey: reviewKeys.mine(gameId),
    // Part of the game page's one request; asked on its own only when that was made signed out.
    queryFn: async ({ signal, client }) =>
      (await client.fetchQuery(gameViewerQuery(gameId))).myReview ??
      apiGet(`/api/games/${gameId}/reviews/mine`, schema('myReviewSchema'), signal),
  });
}

/** After a review write: the game (rating, histogram) and every list of its reviews are out of date. */
function useRefreshGame(gameId: number) {
  const client = useQueryClient();
  const refresh = useRefreshAuth();
  return {
    // Not awaited: the caller's own onSuccess runs at once, while the page refetches.
    onSuccess: () => void client.invalidateQueries({ queryKey: gameKeys.detail(gameId) }),
    onError: (error: Error) => {
      if (isApiError(error, 'unauthenticated')) void refresh();
    },
  };
}

export function useSaveReview(gameId: number) {
  return useMutation({
    mutationFn: ({ reviewId, input }: { reviewId?: number; input: ReviewInput }) =>
      reviewId === undefined
        ? apiPost(`/api/games/${gameId}/reviews`, input, schema('reviewSchema'))
        : apiPut(`/api/reviews/${reviewId}`, input, schema('reviewSchema')),
    ...useRefreshGame(gameId),
  });
}

export function useDeleteReview(gameId: number) {
  return useMutation({
    mutationFn: (reviewId: number) => apiDelete(`/api/reviews/${reviewId}`, schema('reviewDeletedSchema')),
    ...useRefreshGame(gameId),
  });
}

export function useHelpfulVote(gameId: number) {
  const client = useQueryClient();
  const refresh = useRefreshAuth();
  return useMutation({
    mutationFn: ({ reviewId, helpful }: { reviewId: number; helpful: boolean }) =>
      helpful
        ? apiPut(`/api/reviews/${reviewId}/helpful`, undefined, schema('helpfulVoteSchema'))
        : apiDelete(`/api/reviews/${reviewId}/helpful`, schema('helpfulVoteSchema')),
    onSuccess: () => void client.invalidateQueries({ queryKey: reviewKeys.all(gameId) }),
    onError: (error) => {
      if (isApiError(error, 'unauthenticated')) void refresh();
    },
  });
}
