import { QueryClient } from '@tanstack/react-query';
import { NetworkError } from './api';

const MAX_NETWORK_RETRIES = 2;

/** Retry only when the request got no answer; an API error is the server's definite answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return error instanceof NetworkError && failureCount < MAX_NETWORK_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
