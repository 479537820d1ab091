import { queryOptions } from '@tanstack/react-query';
import { PLACE_QUERY_MIN } from '../../shared/places';
import { apiGet } from './api';
import { schema } from './lazy-schema';

// The list of places changes only with a release: what was asked once need not be asked again.
const forTheVisit = { staleTime: Infinity, gcTime: 30 * 60_000 };

/** Places whose name starts with `typed` (off until PLACE_QUERY_MIN letters are typed). */
export function placeSearchQuery(typed: string) {
  const q = typed.trim();
  return queryOptions({
    queryKey: ['places', 'search', q.toLowerCase()],
    queryFn: ({ signal }) => apiGet(`/api/places?q=${encodeURIComponent(q)}`, schema('placeListSchema'), signal),
    enabled: q.length >= PLACE_QUERY_MIN,
    ...forTheVisit,
  });
}

/** The known place nearest to coordinates, to name a location saved as numbers. */
export function nearestPlaceQuery(latitude: number, longitude: number) {
  return queryOptions({
    queryKey: ['places', 'near', latitude, longitude],
    queryFn: ({ signal }) => apiGet(`/api/places/near?latitude=${latitude}&longitude=${longitude}`, schema('nearestPlaceSchema'), signal),
    ...forTheVisit,
  });
}
