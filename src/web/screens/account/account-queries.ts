import { queryOptions } from '@tanstack/react-query';
import { authCall, authClient } from '../../lib/auth-client';

export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  linkedAccounts: ['account', 'linked-accounts'] as const,
};

export interface SessionRow {
  id: string;
  token: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
  current: boolean;
}

/** Every session of the user, this device's first. */
export function sessionsQuery() {
  return queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: async (): Promise<SessionRow[]> => {
      const [sessions, current] = await Promise.all([
        authCall(authClient.listSessions()),
        authCall(authClient.getSession()),
      ]);
      const currentToken = current.session.token;
      return sessions
        .map((session) => ({
          id: session.id,
          token: session.token,
          userAgent: session.userAgent ?? null,
          ipAddress: session.ipAddress ?? null,
          createdAt: new Date(session.createdAt),
          updatedAt: new Date(session.updatedAt),
          current: session.token === currentToken,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.updatedAt.getTime() - a.updatedAt.getTime());
    },
    staleTime: 0,
  });
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
