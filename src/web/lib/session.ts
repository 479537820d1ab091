import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Me, SessionUser } from '../../shared/accounts';
import { MOCK_AUTH_DELAY_MS } from '../../shared/constants';
import { ME_PATH } from '../../shared/nameless-member';
import { pathOf } from '../../shared/routes';
import { safeNext } from '../../shared/safe-next';
import { apiGet } from './api';
import { schema } from './lazy-schema';
import { notificationKeys } from './notifications';

export const authKeys = {
  me: ['auth', 'me'] as const,
  signInMethods: ['auth', 'sign-in-methods'] as const,
};

export function signInMethodsQuery() {
  return queryOptions({
    queryKey: authKeys.signInMethods,
    queryFn: ({ signal }) => apiGet('/api/sign-in-methods', schema('signInMethodsSchema'), signal),
    staleTime: 5 * 60_000,
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Who is signed in. In showcase ('demo') mode the answer comes no sooner than the spec's mock gave it. */
export function meQuery() {
  return queryOptions({
    queryKey: authKeys.me,
    queryFn: async ({ signal }): Promise<Me> => {
      const started = performance.now();
      const me = await apiGet(ME_PATH, schema('meSchema'), signal);
      if (me.showcase) await wait(MOCK_AUTH_DELAY_MS - (performance.now() - started));
      return me;
    },
    // After a failure, screens that mount later show it (and offer 'Try again') instead of retrying quietly.
    retryOnMount: false,
    meta: { logError: 'GameSource could not check who is signed in.' },
  });
}

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** Set when the sign-in state could not be resolved: the user is then treated as signed out. */
  error: Error | null;
  /** Asks the server again; resolves with the signed-in user or null. */
  refresh: () => Promise<SessionUser | null>;
}

/** Fetches the sign-in state afresh, superseding any request already on its way. */
export async function refreshAuth(client: QueryClient): Promise<SessionUser | null> {
  await client.cancelQueries({ queryKey: authKeys.me });
  const me = await client.fetchQuery({ ...meQuery(), staleTime: 0 });
  return me.user;
}

/** The member's own answer, which a page rendered for every member like them carries apart (decision 0081). */
export function noteMemberFacts(client: QueryClient, me: Me): void {
  client.setQueryData(authKeys.me, me);
  if (me.unreadNotifications !== undefined) client.setQueryData(notificationKeys.unread, me.unreadNotifications);
}

/** The sign-in state itself is overwritten, not removed, so every screen watching it hears the change. */
const keptAfterSignOut = (key: readonly unknown[]) =>
  key[0] === 'auth' && (key[1] === authKeys.me[1] || key[1] === authKeys.signInMethods[1]);

/** After signing out (or deleting the account): forget everything fetched as that user. */
export async function forgetSession(client: QueryClient): Promise<void> {
  await client.cancelQueries();
  client.removeQueries({ predicate: (query) => !keptAfterSignOut(query.queryKey) });
  client.setQueryData<Me>(authKeys.me, { user: null });
}

/** Whether `/api/me`'s answer has someone signed in. */
export const authStatusOf = (me: Me): AuthStatus => (me.user ? 'signed-in' : 'signed-out');

/**
 * Who is signed in. On a page the server rendered, a member is nameless until every part of it
 * is hydrated (decision 0081: the page was made for every member like them, start.tsx names them).
 */
export function useAuth(): AuthState {
  const { data, error, isPending } = useQuery(meQuery());
  const refresh = useRefreshAuth();
  const status: AuthStatus = isPending ? 'loading' : data ? authStatusOf(data) : 'signed-out';
  return { status, user: data?.user ?? null, error, refresh };
}

/**
 * A part of who is signed in, undefined until it is known: a component using it is rendered
 * again only when that part changes. `select` is a function made once, not in the render.
 */
export function useMe<T>(select: (me: Me) => T): T | undefined {
  return useQuery({ ...meQuery(), select }).data;
}

/** Asks the server who is signed in (after an answer said nobody is), without following who it is. */
export function useRefreshAuth(): () => Promise<SessionUser | null> {
  const client = useQueryClient();
  return useCallback(() => refreshAuth(client), [client]);
}

export function useSignInMethods() {
  return useQuery(signInMethodsQuery());
}

/** Where to go once signed in: the wanted page, unless the product's sign-up step is still to do. */
export function afterSignInPath(user: SessionUser, next: string | null | undefined): string {
  return user.signupComplete ? safeNext(next) : pathOf('signup');
}

/** After any sign-in: learn who it is, and refetch whatever was fetched as nobody. */
export async function completeSignIn(client: QueryClient): Promise<SessionUser | null> {
  const user = await refreshAuth(client);
  void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  return user;
}
