import type { CatalogueQuery } from '../../../shared/catalogue';
import { gameDetailSchema, gamePageSchema } from '../../../shared/games';
import type { Db } from '../../db/client';
import { createTtlCache } from '../../http/ttl-cache';
import { createFacetSource } from './facet-source';
import { getGameDetail, listGames } from './service';

const clearers = new Set<() => void>();

/**
 * Forgets remembered catalogue pages in every app of this process (a live catalogue event does
 * this per app; see routes.ts).
 */
export function invalidateCatalogueCache(): void {
  for (const clear of clearers) clear();
}

/**
 * Catalogue pages and game pages, remembered for at most `ttlMs` (the live-update delay; 0 turns
 * this off). Facet counts and totals come from facet-source.ts, up to date with every change the app made.
 */
export function createCatalogueCache(db: Db, baseUrl: string, ttlMs: number) {
  // Answers are kept as the JSON sent: checking them against the response schema and
  // serialising is most of a remembered answer's cost, so it is done once per computation.
  const pages = createTtlCache<string>(ttlMs);
  const details = createTtlCache<string>(ttlMs);
  const facets = createFacetSource(db);
  const clear = () => {
    pages.clear();
    details.clear();
  };
  clearers.add(clear);
  const countsOf = (query: CatalogueQuery) => facets.counts(query);
  return {
    /** Forgets the remembered pages (on a catalogue event). */
    clear,
    /** A page of the catalogue, as JSON checked against `gamePageSchema`. */
    listJson: (query: CatalogueQuery): Promise<string> =>
      pages.get(JSON.stringify(query), async () => {
        const page = await listGames(db, query, baseUrl, countsOf);
        const listed = { ...page, items: page.items.map((game) => ({ ...game, id: String(game.id) })) };
        return JSON.stringify(gamePageSchema.encode(listed));
      }),
    /** A game page, as JSON checked against `gameDetailSchema`. */
    detailJson: (id: number): Promise<string> =>
      details.get(String(id), async () => JSON.stringify(gameDetailSchema.encode(await getGameDetail(db, id, baseUrl)))),
    /** Stops `invalidateCatalogueCache` reaching this cache (when its app closes). */
    dispose: () => clearers.delete(clear),
  };
}
