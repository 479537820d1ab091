import { Outlet, ScrollRestoration } from 'react-router';
import { AppErrorBoundary } from '../errors/app-error-boundary';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <AppErrorBoundary>
          <Outlet />
        </AppErrorBoundary>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
