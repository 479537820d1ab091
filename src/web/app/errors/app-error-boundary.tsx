import { QueryErrorResetBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { ScreenLoadError } from '../../components/errors/screen-load-error';
import { AppErrorScreen } from './app-error-screen';

/**
 * Catches errors thrown while rendering the routed screen (including failed suspense queries)
 * and shows the 'Application Error' screen. Resetting also clears the failed queries so they
 * fetch again; navigating elsewhere resets it too. A screen whose code failed to download is
 * passed on to the router's something-went-wrong page instead.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          resetKey={location.key}
          onReset={reset}
          renderError={(error, resetBoundary) => {
            if (error instanceof ScreenLoadError) throw error;
            return <AppErrorScreen error={error} onReset={resetBoundary} />;
          }}
        >
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
