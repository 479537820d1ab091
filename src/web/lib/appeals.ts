import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  appealDecidedSchema,
  appealQueueSchema,
  appealReceiptSchema,
  myDecisionsSchema,
  type AppealDecisionInput,
  type AppealInput,
  type AppealQueueStatus,
} from '../../shared/appeals';
import { apiGet, apiPost } from './api';
import { memberRoot, moderationRoot } from './query-roots';

// The decisions about the signed-in member and their appeals, as /account shows them; and the
// appeals as the moderators' screen lists and decides them.

export const myDecisionsKey = [...memberRoot, 'decisions'] as const;

export function myDecisionsQuery(page = 1) {
  return queryOptions({
    queryKey: [...myDecisionsKey, page] as const,
    queryFn: ({ signal }) => apiGet(`/api/me/decisions?page=${page}&pageSize=20`, myDecisionsSchema, signal),
  });
}

export function useAppealDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ decisionId, input }: { decisionId: number; input: AppealInput }) =>
      apiPost(`/api/moderation/decisions/${decisionId}/appeal`, input, appealReceiptSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: myDecisionsKey }),
  });
}

export function appealQueueQuery(status: AppealQueueStatus, page = 1) {
  return queryOptions({
    queryKey: [...moderationRoot, 'appeals', status, page] as const,
    queryFn: ({ signal }) => apiGet(`/api/moderation/appeals?status=${status}&page=${page}&pageSize=20`, appealQueueSchema, signal),
    refetchInterval: status === 'open' ? 30_000 : false,
  });
}

/** An overturn can put content back and lift a suspension: all of /moderation refreshes. */
export function useDecideAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ appealId, input }: { appealId: number; input: AppealDecisionInput }) =>
      apiPost(`/api/moderation/appeals/${appealId}`, input, appealDecidedSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: moderationRoot }),
  });
}
