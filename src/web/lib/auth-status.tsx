import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { authStatusOf, meQuery, type AuthStatus } from './session';

// Whether anyone is signed in is read by every heart, report and follow button: a game page has
// about fifteen. One observer of the sign-in state for the whole app, passed down as a word, costs
// each of them a context read instead of a query observer of its own (the server's render and the
// phone's hydration alike).
const AuthStatusContext = createContext<AuthStatus | undefined>(undefined);

/** Follows the sign-in state once, for every `useAuthStatus` below it. */
export function AuthStatusProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = useQuery({ ...meQuery(), select: authStatusOf });
  const status: AuthStatus = isPending ? 'loading' : (data ?? 'signed-out');
  return <AuthStatusContext.Provider value={status}>{children}</AuthStatusContext.Provider>;
}

/**
 * Whether anyone is signed in, and no more: a component that needs only this is not rendered
 * again when who it is changes (a rendered page's member named, decision 0081).
 */
export function useAuthStatus(): AuthStatus {
  const status = useContext(AuthStatusContext);
  if (status === undefined) throw new Error('useAuthStatus needs the app’s AuthStatusProvider above it');
  return status;
}
