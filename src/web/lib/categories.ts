import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api';
import { schema } from './lazy-schema';

/** A live `catalogue` event refreshes them: a game listed or taken down changes the counts. */
export const categoryKeys = { all: ['categories'] as const };

export function categoriesQuery() {
  return queryOptions({
    queryKey: categoryKeys.all,
    queryFn: ({ signal }) => apiGet('/api/categories', schema('categoryListSchema'), signal),
    staleTime: 5 * 60_000,
  });
}
