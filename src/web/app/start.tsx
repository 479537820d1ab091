import '@fontsource-variable/inter';
import './styles.css';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AuthStatusProvider } from '../lib/auth-status';
import { resumeLiveStreamFrom } from '../lib/live';
import { whenEveryPartShown } from '../lib/parts-on-their-way';
import { createQueryClient } from '../lib/query-client';
import { noteMemberFacts } from '../lib/session';
import { startThemeSync } from '../lib/theme';
import { holdUntilScreenShown } from './lazy-screen';
import { createAppRouter } from './router';
import { answeredAt, readLiveCursor, readMemberFacts, readServerState } from './server-state';

/**
 * Mounts the app in #root. A screen the server rendered (src/web/server/render-on-server.tsx)
 * is hydrated from the answers it was rendered from, in a transition so that the work yields
 * to the browser between components; any other page replaces index.html's loading screen.
 */
export function start(root: HTMLElement): void {
  startThemeSync();
  const queryClient = createQueryClient();
  const serverState = readServerState();
  if (serverState) {
    hydrate(queryClient, answeredAt(serverState.queries, Date.now()));
    const liveCursor = readLiveCursor();
    if (liveCursor) resumeLiveStreamFrom(liveCursor);
    holdUntilScreenShown();
    // The page was rendered naming no one (decision 0081): the member is named once every part of it is hydrated.
    const memberFacts = readMemberFacts();
    if (memberFacts) whenEveryPartShown(() => noteMemberFacts(queryClient, memberFacts.me));
  }
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthStatusProvider>
          <RouterProvider router={createAppRouter(queryClient, serverState?.router)} />
        </AuthStatusProvider>
      </QueryClientProvider>
    </StrictMode>
  );
  if (serverState) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
