import '@fontsource-variable/inter';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../lib/query-client';
import { startThemeSync } from '../lib/theme';
import { createAppRouter } from './router';

/** Mounts the app in #root, replacing the loading screen that index.html paints. */
export function start(root: HTMLElement): void {
  startThemeSync();
  const queryClient = createQueryClient();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={createAppRouter(queryClient)} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
