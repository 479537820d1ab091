import type { CatalogueQuery } from '../../../shared/catalogue';
import type { Db } from '../../db/client';
import { createTtlCache } from '../../http/ttl-cache';
import { notFound } from '../../http/app-error';
import { createCatalogueSource } from './catalogue-source';

const clearers = new Set<() => void>();

/**
 * Forgets remembered catalogue pages in every app of this process (a live catalogue event does
 * this per app; see routes.ts).
 */
export function invalidateCatalogueCache(): void {
  for (const clear of clearers) clear();
}

/**
 * Catalogue pages and game pages, answered from the in-memory catalogue index (always up to
 * date with committed changes) and remembered for at most `ttlMs` (the live-update delay; 0
 * turns remembering off), so a busy page costs one answer per `ttlMs`.
 */
export function createCatalogueCache(db: Db, baseUrl: string, ttlMs: number) {
  const pages = createTtlCache<string>(ttlMs);
  const details = createTtlCache<string>(ttlMs);
  const source = createCatalogueSource(db, baseUrl);
  const clear = () => {
    pages.clear();
    details.clear();
  };
  clearers.add(clear);
  return {
    /** Forgets the remembered pages (on a catalogue event). */
    clear,
    /** Reads the catalogue into memory now rather than on the first request. */
    warm: () => source.index().then(() => undefined),
    /** A page of the catalogue, as JSON checked against `gamePageSchema`. */
    listJson: (query: CatalogueQuery): Promise<string> =>
      pages.get(JSON.stringify(query), async () => (await source.index()).pageJson(query)),
    /** A game page, as JSON checked against `gameDetailSchema`. */
    detailJson: (id: number): Promise<string> =>
      details.get(String(id), async () => {
        const json = (await source.index()).gameJson(id);
        if (json === undefined) throw notFound(`No game with id ${id}`);
        return json;
      }),
    /** Stops `invalidateCatalogueCache` reaching this cache (when its app closes). */
    dispose: () => clearers.delete(clear),
  };
}
