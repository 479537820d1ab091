import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountActionDoneSchema,
  reportDecisionSchema,
  reportQueueSchema,
  reportReceiptSchema,
  restrictedAccountsSchema,
  type AccountStandingInput,
  type ReportDecisionInput,
  type ReportInput,
  type ReportKind,
} from '../../shared/reports';
import { apiGet, apiPost, isApiError } from './api';
import { moderationRoot } from './query-roots';
import { useRefreshAuth } from './session';

// Query options and mutations of reports and account standing. Only the lazily loaded report
// dialog and the moderators' screen import this module (and Zod with it).

export const reportKeys = {
  queue: [...moderationRoot, 'reports'] as const,
  accounts: [...moderationRoot, 'accounts'] as const,
};

export function reportQueueQuery(page = 1) {
  return queryOptions({
    queryKey: [...reportKeys.queue, page] as const,
    queryFn: ({ signal }) => apiGet(`/api/moderation/reports?page=${page}&pageSize=20`, reportQueueSchema, signal),
    refetchInterval: 30_000,
  });
}

export function restrictedAccountsQuery(page = 1) {
  return queryOptions({
    queryKey: [...reportKeys.accounts, page] as const,
    queryFn: ({ signal }) => apiGet(`/api/moderation/accounts?page=${page}&pageSize=50`, restrictedAccountsSchema, signal),
  });
}

/** Files a report; a session that ended meanwhile is noticed, so the dialog offers to sign in. */
export function useFileReport() {
  const refresh = useRefreshAuth();
  return useMutation({
    mutationFn: (input: ReportInput) => apiPost('/api/reports', input, reportReceiptSchema),
    onError: (error) => {
      if (isApiError(error, 'unauthenticated') || isApiError(error, 'permission-denied')) void refresh().catch(() => undefined);
    },
  });
}

/** Every decision changes the queue, the restricted accounts and the audit log: all of /moderation refreshes. */
function useRefreshModeration() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: moderationRoot });
}

export function useDecideReports() {
  const refresh = useRefreshModeration();
  return useMutation({
    mutationFn: ({ kind, targetId, input }: { kind: ReportKind; targetId: string; input: ReportDecisionInput }) =>
      apiPost(`/api/moderation/reports/${kind}/${encodeURIComponent(targetId)}/decide`, input, reportDecisionSchema),
    onSuccess: refresh,
  });
}

export type AccountAction = 'suspend' | 'ban' | 'reinstate';

export function useAccountAction() {
  const refresh = useRefreshModeration();
  return useMutation({
    mutationFn: ({ userId, action, input }: { userId: string; action: AccountAction; input: AccountStandingInput }) =>
      apiPost(`/api/moderation/accounts/${encodeURIComponent(userId)}/${action}`, input, accountActionDoneSchema),
    onSuccess: refresh,
  });
}
