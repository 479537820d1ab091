import { queryOptions, useQuery } from '@tanstack/react-query';
import { usernameSchema } from '../../../shared/accounts';
import { apiGet } from '../../lib/api';
import { schema } from '../../lib/lazy-schema';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export const AVAILABILITY_DEBOUNCE_MS = 300;

export function usernameAvailabilityQuery(username: string) {
  return queryOptions({
    queryKey: ['usernames', 'availability', username] as const,
    queryFn: ({ signal }) =>
      apiGet(`/api/usernames/availability?${new URLSearchParams({ username })}`, schema('usernameAvailabilitySchema'), signal),
    staleTime: 15_000,
    retry: false,
  });
}

export type UsernameState =
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string }
  | { kind: 'checking' }
  | { kind: 'available' }
  | { kind: 'taken'; message: string }
  | { kind: 'unknown'; message: string };

/** The local rule at once, then the server's answer once typing pauses for 300 ms. */
export function useUsernameState(username: string): UsernameState {
  const local = usernameSchema.safeParse(username);
  const settled = useDebouncedValue(username, AVAILABILITY_DEBOUNCE_MS);
  const ready = local.success && settled === username;
  const { data, error } = useQuery({ ...usernameAvailabilityQuery(settled), enabled: ready });

  if (username === '') return { kind: 'empty' };
  if (!local.success) return { kind: 'invalid', message: local.error.issues[0]?.message ?? 'Check the username' };
  if (!ready) return { kind: 'checking' };
  if (error) return { kind: 'unknown', message: `We could not check that username: ${error.message}` };
  if (!data) return { kind: 'checking' };
  if (data.available) return { kind: 'available' };
  return { kind: 'taken', message: data.message ?? 'That username is taken' };
}
