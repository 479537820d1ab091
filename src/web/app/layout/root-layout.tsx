import { Outlet, ScrollRestoration } from 'react-router';
import { AppErrorBoundary } from '../errors/app-error-boundary';
import { PossiblyStaleBanner } from './possibly-stale-banner';
import { RouteAnnouncer } from './route-announcer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';
import { SuspensionBanner } from './suspension-banner';

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <RouteAnnouncer />
      <SiteHeader />
      <SuspensionBanner />
      <PossiblyStaleBanner />
      {/* At least a screenful below the header: the footer starts below the fold, so content that arrives late never pushes it down in view. */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        <AppErrorBoundary>
          <Outlet />
        </AppErrorBoundary>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
