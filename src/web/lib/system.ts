import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api';
import { schema } from './lazy-schema';

export const systemKeys = { health: ['health'] as const, database: ['system', 'database'] as const };

export function healthQuery() {
  return queryOptions({
    queryKey: systemKeys.health,
    queryFn: ({ signal }) => apiGet('/api/health', schema('healthSchema'), signal),
    staleTime: 0,
    retry: false,
  });
}

export function databaseStatusQuery() {
  return queryOptions({
    queryKey: systemKeys.database,
    queryFn: ({ signal }) => apiGet('/api/system/database', schema('databaseStatusSchema'), signal),
    staleTime: 0,
    retry: false,
  });
}
