import { queryOptions } from '@tanstack/react-query';
import { apiDelete, apiGet } from '../../lib/api';
import { authCall, authClient } from '../../lib/auth-client';
import { schema } from '../../lib/lazy-schema';

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  linkedAccounts: ['account', 'linked-accounts'] as const,
};

export interface SessionRow {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
  current: boolean;
}

/** Every session of the user, this device's first. Sessions go by id: tokens never reach the page. */
export function sessionsQuery() {
  return queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: async ({ signal }): Promise<SessionRow[]> => {
      const { items } = await apiGet('/api/me/sessions', schema('ownSessionsSchema'), signal);
      return items
        .map((session) => ({ ...session, createdAt: new Date(session.createdAt), updatedAt: new Date(session.updatedAt) }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.updatedAt.getTime() - a.updatedAt.getTime());
    },
    staleTime: 0,
  });
}

/** Signs one of the user's other devices out. */
export function endSession(id: string) {
  return apiDelete(`/api/me/sessions/${encodeURIComponent(id)}`, schema('sessionEndedSchema'));
}

/** Whether the user has a password at all (magic-link, phone and provider users may not). */
export function hasPasswordQuery() {
  return queryOptions({
    queryKey: accountKeys.linkedAccounts,
    queryFn: async () => {
      const accounts = await authCall(authClient.listAccounts());
      return accounts.some((account) => account.providerId === 'credential');
    },
  });
}
