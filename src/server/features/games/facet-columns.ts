import { aiRoles, aiRunsOnValues, type CatalogueQuery } from '../../../shared/catalogue';
import { categorySlugs } from '../../../shared/categories';
import type { FacetsAndTotal } from './facets';

/** What the facet counts need to know of one listed game. */
export interface FacetGame {
  id: number;
  /** Null for a free game. */
  priceAmount: number | null;
  rating: number;
  releaseYear: number;
  categories: readonly string[];
  aiRoles: readonly string[];
  aiRunsOn: string;
  aiWorksOffline: boolean;
  aiNeedsOwnKey: boolean;
  aiOutputModerated: boolean;
}

/** Up to this many matching games are handed back by id (see FacetsAndTotal.few). */
export const FEW_GAMES = 2_000;
const FIRST_YEAR = 1970;
const LAST_YEAR = 2100;
const OFFLINE = 1;
const OWN_KEY = 2;
const MODERATED = 4;

const bitsOf = (all: readonly string[], chosen: readonly string[]) =>
  chosen.reduce((mask, value) => (all.indexOf(value) >= 0 ? mask | (1 << all.indexOf(value)) : mask), 0);

/**
 * The listed games' facet fields, a column per field in typed arrays, so counting every facet
 * for any filters is one tight pass over memory (about a millisecond per 100,000 games) rather
 * than a scan of the table. Games are added, changed and removed in place.
 */
export class FacetColumns {
  private capacity = 0;
  size = 0;
  /** Goes up with every change, so counts made at one version can be reused until the next. */
  version = 0;
  private readonly positions = new Map<number, number>();
  ids = new Int32Array(0);
  listed = new Uint8Array(0);
  price = new Float64Array(0);
  free = new Uint8Array(0);
  rating = new Float64Array(0);
  year = new Int16Array(0);
  categories = new Uint16Array(0);
  roles = new Uint16Array(0);
  runsOn = new Uint8Array(0);
  flags = new Uint8Array(0);

  constructor(games: Iterable<FacetGame> = []) {
    for (const game of games) this.put(game);
  }

  /** Adds the game, or replaces what is known of it. */
  put(game: FacetGame): void {
    this.version++;
    let at = this.positions.get(game.id);
    if (at === undefined) {
      if (this.size === this.capacity) this.grow();
      at = this.size++;
      this.positions.set(game.id, at);
      this.ids[at] = game.id;
    }
    this.listed[at] = 1;
    this.free[at] = game.priceAmount === null ? 1 : 0;
    this.price[at] = game.priceAmount ?? 0;
    this.rating[at] = game.rating;
    this.year[at] = game.releaseYear;
    this.categories[at] = bitsOf(categorySlugs, game.categories);
    this.roles[at] = bitsOf(aiRoles, game.aiRoles);
    this.runsOn[at] = aiRunsOnValues.indexOf(game.aiRunsOn as (typeof aiRunsOnValues)[number]);
    this.flags[at] =
      (game.aiWorksOffline ? OFFLINE : 0) | (game.aiNeedsOwnKey ? OWN_KEY : 0) | (game.aiOutputModerated ? MODERATED : 0);
  }

  /** Leaves the game out of every count (it is no longer listed). */
  remove(id: number): void {
    const at = this.positions.get(id);
    if (at === undefined) return;
    this.version++;
    this.listed[at] = 0;
  }

  /** Marks, by position, the games whose ids are given (a search's matches). */
  markIds(ids: Iterable<number>): Uint8Array {
    const marks = new Uint8Array(this.size);
    for (const id of ids) {
      const at = this.positions.get(id);
      if (at !== undefined) marks[at] = 1;
    }
    return marks;
  }

  private grow(): void {
    this.capacity = Math.max(1024, this.capacity * 2);
    const grown = <T extends Int32Array | Uint8Array | Float64Array | Int16Array | Uint16Array>(
      old: T,
      make: new (length: number) => T,
    ): T => {
      const next = new make(this.capacity);
      next.set(old);
      return next;
    };
    this.ids = grown(this.ids, Int32Array);
    this.listed = grown(this.listed, Uint8Array);
    this.price = grown(this.price, Float64Array);
    this.free = grown(this.free, Uint8Array);
    this.rating = grown(this.rating, Float64Array);
    this.year = grown(this.year, Int16Array);
    this.categories = grown(this.categories, Uint16Array);
    this.roles = grown(this.roles, Uint16Array);
    this.runsOn = grown(this.runsOn, Uint8Array);
    this.flags = grown(this.flags, Uint8Array);
  }
}

/** Which facet filters a query sets, as what the hot loop compares (-1: not set). */
function facetFilters(query: CatalogueQuery) {
  const yesNo = (value: boolean | undefined) => (value === undefined ? -1 : value ? 1 : 0);
  return {
    categories: query.category?.length ? bitsOf(categorySlugs, query.category) : -1,
    free: query.price ? (query.price === 'free' ? 1 : 0) : -1,
    roles: query.aiRole?.length ? bitsOf(aiRoles, query.aiRole) : -1,
    runsOn: query.runsOn ? aiRunsOnValues.indexOf(query.runsOn) : -1,
    offline: yesNo(query.offline),
    ownKey: yesNo(query.ownKey),
    moderated: yesNo(query.moderated),
    year: query.year ?? -1,
  };
}

/** Adds one to `counts` at every set bit of `mask`. */
function addBits(counts: Int32Array, mask: number): void {
  for (let rest = mask; rest !== 0; rest &= rest - 1) counts[31 - Math.clz32(rest & -rest)]!++;
}

const bit = (flags: number, flag: number) => ((flags & flag) !== 0 ? 1 : 0);

/**
 * Every facet's counts and the total, as the SQL of facets.ts gives them: each facet applies
 * every filter but its own. `searchMatches` are the ids a search (`q`) matched, when there is one.
 * The loop is written out by hand: it runs once per game per request.
 */
export function countFacets(columns: FacetColumns, query: CatalogueQuery, searchMatches?: Iterable<number>): FacetsAndTotal {
  const matches = searchMatches && columns.markIds(searchMatches);
  const excluded = bitsOf(categorySlugs, query.exclude ?? []);
  const minPrice = query.minPrice ?? -Infinity;
  const maxPrice = query.maxPrice ?? Infinity;
  const minRating = query.minRating ?? -Infinity;
  const want = facetFilters(query);
  const { listed, price: prices, rating, categories, free, roles, runsOn, flags, year: years } = columns;
  const category = new Int32Array(categorySlugs.length);
  const role = new Int32Array(aiRoles.length);
  const price = new Int32Array(2);
  const runs = new Int32Array(aiRunsOnValues.length);
  const offline = new Int32Array(2);
  const ownKey = new Int32Array(2);
  const moderated = new Int32Array(2);
  const year = new Int32Array(LAST_YEAR - FIRST_YEAR + 1);
  const few: number[] = [];
  for (let at = 0; at < columns.size; at++) {
    if (listed[at] !== 1 || (matches !== undefined && matches[at] !== 1)) continue;
    const cats = categories[at]!;
    const cost = prices[at]!;
    if ((cats & excluded) !== 0 || cost < minPrice || cost > maxPrice || rating[at]! < minRating) continue;
    const gameFlags = flags[at]!;
    // Which facet filters the game fails, one bit each in facetKeys order.
    const failed =
      (want.categories !== -1 && (cats & want.categories) === 0 ? 1 : 0) |
      (want.free !== -1 && free[at] !== want.free ? 2 : 0) |
      (want.roles !== -1 && (roles[at]! & want.roles) === 0 ? 4 : 0) |
      (want.runsOn !== -1 && runsOn[at] !== want.runsOn ? 8 : 0) |
      (want.offline !== -1 && bit(gameFlags, OFFLINE) !== want.offline ? 16 : 0) |
      (want.ownKey !== -1 && bit(gameFlags, OWN_KEY) !== want.ownKey ? 32 : 0) |
      (want.moderated !== -1 && bit(gameFlags, MODERATED) !== want.moderated ? 64 : 0) |
      (want.year !== -1 && years[at] !== want.year ? 128 : 0);
    // Passing every filter counts in every facet; failing one counts only in that one's own;
    // failing two counts nowhere.
    if (failed & (failed - 1)) continue;
    if (failed === 0 && few.length <= FEW_GAMES) few.push(columns.ids[at]!);
    if (failed === 0 || failed === 1) addBits(category, cats);
    if (failed === 0 || failed === 2) price[free[at]!]!++;
    if (failed === 0 || failed === 4) addBits(role, roles[at]!);
    if (failed === 0 || failed === 8) runs[runsOn[at]!]!++;
    if (failed === 0 || failed === 16) offline[bit(gameFlags, OFFLINE)]!++;
    if (failed === 0 || failed === 32) ownKey[bit(gameFlags, OWN_KEY)]!++;
    if (failed === 0 || failed === 64) moderated[bit(gameFlags, MODERATED)]!++;
    if (failed === 0 || failed === 128) year[years[at]! - FIRST_YEAR]!++;
  }
  const yesNo = (counts: Int32Array) => ({ true: counts[1]!, false: counts[0]! });
  const named = <K extends string>(keys: readonly K[], counts: Int32Array) =>
    Object.fromEntries(keys.map((key, index) => [key, counts[index]!])) as Record<K, number>;
  const priceCounts = { free: price[1]!, paid: price[0]! };
  return {
    facets: {
      category: named(categorySlugs, category),
      price: priceCounts,
      aiRole: named(aiRoles, role),
      runsOn: named(aiRunsOnValues, runs),
      offline: yesNo(offline),
      ownKey: yesNo(ownKey),
      moderated: yesNo(moderated),
      year: Object.fromEntries([...year].flatMap((n, index) => (n > 0 ? [[String(FIRST_YEAR + index), n]] : []))),
    },
    total: query.price ? priceCounts[query.price] : priceCounts.free + priceCounts.paid,
    ...(few.length <= FEW_GAMES ? { few } : {}),
  };
}
