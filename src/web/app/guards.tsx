import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { pathOf } from '../../shared/routes';
import { FullScreenLoading } from '../components/full-screen-loading';
import { isApiError } from '../lib/api';
import { isSignOutPath, loginPathFor, needsSignupStep } from '../lib/guard-paths';
import { useAuth } from '../lib/session';
import { AppErrorScreen } from './errors/app-error-screen';

function Redirect({ to, text, state }: { to: string; text: string; state?: unknown }) {
  return (
    <>
      <Navigate to={to} replace state={state} />
      <FullScreenLoading text={text} />
    </>
  );
}

/** Wraps every guarded route. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user, error, refresh } = useAuth();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <FullScreenLoading text="Checking authentication..." />;
  // A database outage is not a sign-out: it gets the spec's 'Application Error' screen.
  if (!user && isApiError(error, 'unavailable')) {
    return <AppErrorScreen error={error} onReset={() => void refresh().catch(() => undefined)} />;
  }
  if (status === 'signed-out' || !user) {
    // Signing out ends here, as the session goes: the sign-in page then says it worked.
    const state = isSignOutPath(pathname) ? { signedOut: true } : undefined;
    return <Redirect to={loginPathFor(pathname, search)} text="Redirecting to login..." state={state} />;
  }
  if (!user.signupComplete && needsSignupStep(pathname)) {
    return <Redirect to={pathOf('signup')} text="Redirecting to sign-up..." />;
  }
  return children;
}
