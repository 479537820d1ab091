import type { CatalogueQuery } from '../../../shared/catalogue';
import { gameDetailSchema, gamePageSchema } from '../../../shared/games';
import type { Db } from '../../db/client';
import { createTtlCache } from '../../http/ttl-cache';
import { catalogueFacets } from './facets';
import { getGameDetail, listGames } from './service';

/**
 * Facet counts and totals only change when a catalogue event says so (a game published,
 * changed, unpublished or rated), and every such event clears them. This limit is a safety
 * net for changes made behind the app's back (psql, scripts), not the usual way they refresh.
 */
const COUNTS_MAX_AGE_MS = 60_000;

/** A catalogue event's `change` when only play counts moved: pages change, counts do not. */
const PLAYS_ONLY = 'stats';

const clearers = new Set<(change?: unknown) => void>();

/**
 * Forgets remembered catalogue answers in every app of this process (a live catalogue event
 * does this per app; see routes.ts). Pass the event's `change` to keep what it cannot affect.
 */
export function invalidateCatalogueCache(change?: unknown): void {
  for (const clear of clearers) clear(change);
}

/** The filters of a query: facet counts and the total do not depend on order or page. */
function filtersKey({ sort: _sort, page: _page, pageSize: _pageSize, ...filters }: CatalogueQuery): string {
  return JSON.stringify(filters);
}

/**
 * Catalogue pages and game pages, remembered for at most `ttlMs` (the live-update delay), and
 * the lists' facet counts and total, shared by every order and page of the same filters and kept
 * until a catalogue event changes them. `ttlMs` 0 turns all of it off.
 */
export function createCatalogueCache(db: Db, baseUrl: string, ttlMs: number) {
  // Answers are kept as the JSON sent: checking them against the response schema and
  // serialising is most of a remembered answer's cost, so it is done once per computation.
  const pages = createTtlCache<string>(ttlMs);
  const details = createTtlCache<string>(ttlMs);
  const counts = createTtlCache<Awaited<ReturnType<typeof catalogueFacets>>>(ttlMs > 0 ? COUNTS_MAX_AGE_MS : 0);
  const clear = (change?: unknown) => {
    pages.clear();
    details.clear();
    if (change !== PLAYS_ONLY) counts.clear();
  };
  clearers.add(clear);
  const countsOf = (query: CatalogueQuery) => counts.get(filtersKey(query), () => catalogueFacets(db, query));
  return {
    /** Forgets what a catalogue event with this `change` may have made out of date. */
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
