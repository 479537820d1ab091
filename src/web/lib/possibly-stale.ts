import { useSyncExternalStore } from 'react';
import { POSSIBLY_STALE_HEADER } from '../../shared/possibly-stale';

/** The answers that say whether the catalogue is fresh: the catalogue, its game pages, home and the categories. */
const CATALOGUE_READ = /^\/api\/(games|home|categories)(\/|\?|$)/;

let stale = false;
const listeners = new Set<() => void>();

function setStale(next: boolean) {
  if (next === stale) return;
  stale = next;
  for (const listener of listeners) listener();
}

/**
 * Notes what an answer says about the catalogue's freshness (decision 0056): one carrying the
 * possibly-stale header turns the banner on; a successful catalogue read without it turns it
 * off. Refusals (503) and other answers say nothing either way.
 */
export function noteAnswer(path: string, response: Pick<Response, 'ok' | 'headers'>): void {
  if (response.headers.has(POSSIBLY_STALE_HEADER)) setStale(true);
  else if (response.ok && CATALOGUE_READ.test(path)) setStale(false);
}

export function isPossiblyStale(): boolean {
  return stale;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the app's latest catalogue answers were made from memory during a database outage. A server render says no. */
export function usePossiblyStale(): boolean {
  return useSyncExternalStore(subscribe, isPossiblyStale, () => false);
}
