import { queryOptions } from '@tanstack/react-query';
import { MAX_PAGE } from '../../../shared/constants';
import { pathOf } from '../../../shared/routes';
import { apiGet } from '../api';
import { schema } from '../lazy-schema';

/** The orders of `/public-lists` (the same words as the API's `order`), Zod-free for the screen. */
export type PublicListOrder = 'newest' | 'most-games';

export interface PublicListsLocation {
  order: PublicListOrder;
  page: number;
}

/** Reads `?order=&page=` of `/public-lists`; anything else means newest, page 1 (and no page past the API's last). */
export function readPublicListsLocation(search: URLSearchParams): PublicListsLocation {
  const page = Number(search.get('page'));
  return {
    order: search.get('order') === 'most-games' ? 'most-games' : 'newest',
    page: Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

export function publicListsHref({ order, page }: PublicListsLocation): string {
  const params = new URLSearchParams();
  if (order !== 'newest') params.set('order', order);
  if (page > 1) params.set('page', String(page));
  return params.size ? `${pathOf('public-lists')}?${params}` : pathOf('public-lists');
}

export const publicListKeys = { page: (order: string, page: number) => ['lists', 'public', { order, page }] as const };

export function publicListsQuery({ order, page }: PublicListsLocation) {
  return queryOptions({
    queryKey: publicListKeys.page(order, page),
    queryFn: ({ signal }) => apiGet(`/api/lists/public?order=${order}&page=${page}`, schema('publicListsPageSchema'), signal),
    // A list made public shows on the next visit (the cached page shows, then refreshes); a few seconds spare the prefetched answer.
    staleTime: 5_000,
  });
}
