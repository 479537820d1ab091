import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  gameStatsSchema,
  moderationLogPageSchema,
  submissionPageSchema,
  submissionViewSchema,
  type DraftPayload,
  type SubmissionPayload,
} from '../../shared/submissions';
import { apiGet, apiPost, apiPut } from './api';
import { memberRoot, moderationRoot } from './query-roots';

// Query options and mutations of submissions and moderation. Only the lazily
// loaded maker and moderator screens import this module (and Zod with it).

const submissionResponse = z.object({ submission: submissionViewSchema });
const okResponse = z.object({}).passthrough();

/** On the member's and the staff's roots: the user topic and every decision refresh them. */
export const submissionKeys = {
  mine: [...memberRoot, 'submissions'] as const,
  one: (id: number) => [...memberRoot, 'submissions', id] as const,
  stats: (gameId: number) => [...memberRoot, 'game-stats', gameId] as const,
  queue: [...moderationRoot, 'queue'] as const,
  log: [...moderationRoot, 'log'] as const,
};

export function submissionQuery(id: number) {
  return queryOptions({
    queryKey: submissionKeys.one(id),
    queryFn: ({ signal }) => apiGet(`/api/submissions/${id}`, submissionResponse, signal).then((r) => r.submission),
    staleTime: Infinity,
  });
}

export function mySubmissionsQuery(page = 1) {
  return queryOptions({
    queryKey: [...submissionKeys.mine, 'list', page] as const,
    queryFn: ({ signal }) => apiGet(`/api/me/submissions?page=${page}&pageSize=50`, submissionPageSchema, signal),
  });
}

export function gameStatsQuery(gameId: number) {
  return queryOptions({
    queryKey: submissionKeys.stats(gameId),
    queryFn: ({ signal }) => apiGet(`/api/me/games/${gameId}/stats`, gameStatsSchema, signal),
  });
}

export function moderationQueueQuery(page = 1) {
  return queryOptions({
    queryKey: [...submissionKeys.queue, page] as const,
    queryFn: ({ signal }) => apiGet(`/api/moderation/queue?page=${page}&pageSize=20`, submissionPageSchema, signal),
    refetchInterval: 30_000,
  });
}

export function moderationLogQuery() {
  return queryOptions({
    queryKey: submissionKeys.log,
    queryFn: ({ signal }) => apiGet('/api/moderation/log?pageSize=20', moderationLogPageSchema, signal),
  });
}

export const createDraft = (payload: DraftPayload) =>
  apiPost('/api/submissions', { payload }, submissionResponse).then((r) => r.submission);
export const editPublishedGame = (gameId: number) => apiPost('/api/submissions', { gameId }, submissionResponse).then((r) => r.submission);
export const saveDraft = (id: number, payload: DraftPayload) =>
  apiPut(`/api/submissions/${id}`, { payload }, submissionResponse).then((r) => r.submission);
export const submitForReview = (id: number, payload: SubmissionPayload) =>
  apiPost(`/api/submissions/${id}/submit`, { payload }, submissionResponse).then((r) => r.submission);
/** The game a submission's web build goes to: made for a new game on first use (decision 0074). */
export const buildGameOf = (id: number) =>
  apiPost(`/api/submissions/${id}/build-game`, undefined, z.object({ gameId: z.number() })).then((r) => r.gameId);
export const withdrawSubmission = (id: number) =>
  apiPost(`/api/submissions/${id}/withdraw`, undefined, submissionResponse).then((r) => r.submission);

export type ModerationDecision = 'approve' | 'reject' | 'request-changes';
export type AdminGameAction = 'feature' | 'unfeature' | 'unpublish';

export function useModerationMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: moderationRoot });
  const decide = useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: ModerationDecision; note: string }) =>
      apiPost(`/api/moderation/submissions/${id}/${decision}`, { note }, okResponse),
    onSuccess: refresh,
  });
  const actOnGame = useMutation({
    mutationFn: ({ gameId, action, reason }: { gameId: number; action: AdminGameAction; reason: string }) =>
      apiPost(`/api/moderation/games/${gameId}/${action}`, { reason }, okResponse),
    onSuccess: refresh,
  });
  return { decide, actOnGame };
}
