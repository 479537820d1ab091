import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { NetworkError } from './api';

const MAX_NETWORK_RETRIES = 2;

/** Retry only when the request got no answer; an API error is the server's definite answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof NetworkError && failureCount < MAX_NETWORK_RETRIES;
}

/**
 * A query whose failure is handled quietly on screen (rather than by an error boundary) can
 * still ask for it to be logged, once per failed fetch, with `meta: { logError: '...' }`.
 */
function logQueryError(error: Error, query: Query<unknown, unknown, unknown>): void {
  const message = query.meta?.logError;
  if (typeof message === 'string') console.error(message, error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logQueryError }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
