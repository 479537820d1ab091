import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyInput } from '../../shared/reviews';
import { apiDelete, apiPut, isApiError } from './api';
import { schema } from './lazy-schema';
import { reviewKeys } from './reviews';
import { useRefreshAuth } from './session';

/**
 * After a reply is written or deleted the game's reviews are read again, and the mutation
 * waits for them: the form closes onto the reply as it now is, never onto the old one.
 */
function useRefreshReviews(gameId: number) {
  const client = useQueryClient();
  const refresh = useRefreshAuth();
  return {
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.all(gameId) }),
    // A 403 may be a suspension the page did not know of: who is signed in is read again, so its banner shows.
    onError: (error: Error) => {
      if (isApiError(error, 'unauthenticated') || isApiError(error, 'permission-denied')) void refresh().catch(() => undefined);
    },
  };
}

/** The game's maker replies to a review, or edits their reply (the same call). */
export function useSaveReply(gameId: number) {
  return useMutation({
    mutationFn: ({ reviewId, input }: { reviewId: number; input: ReplyInput }) =>
      apiPut(`/api/reviews/${reviewId}/reply`, input, schema('replySchema')),
    ...useRefreshReviews(gameId),
  });
}

export function useDeleteReply(gameId: number) {
  return useMutation({
    mutationFn: (reviewId: number) => apiDelete(`/api/reviews/${reviewId}/reply`, schema('replyDeletedSchema')),
    ...useRefreshReviews(gameId),
  });
}
