import '@fontsource-variable/inter';
import './app/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import { startThemeSync } from './lib/theme';

startThemeSync();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to mount GameSource in.');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </QueryClientProvider>
  </StrictMode>,
);
