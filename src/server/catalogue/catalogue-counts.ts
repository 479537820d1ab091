import { aiGenerationValues, aiInputDestinations, aiPlayCosts, aiProviders, noApiKeyCosts } from '../../shared/ai-disclosure-values';
import { aiRoles, aiRunsOnValues, platforms, type CatalogueFacets, type CatalogueQuery } from '../../shared/catalogue';
import { categorySlugs } from '../../shared/categories';
import { FIRST_RELEASE_YEAR, LAST_RELEASE_YEAR } from '../../shared/constants';
import { bitsOf, MODERATED, NOT_WORKING, OFFLINE, OWN_KEY, type CatalogueColumns } from './catalogue-columns';

/** What a page of the catalogue says of every option: its count, and the total. */
export interface FacetsAndTotal {
  facets: CatalogueFacets;
  total: number;
}

/** A set of positions, a bit each. */
export type PositionBits = Uint32Array;

/**
 * Answers the positions remembered under `key`, or makes them: many filter sets share a
 * filter (the same category at another price), and the positions passing one filter depend
 * only on it and the games.
 */
export type Remember = (key: string, make: () => PositionBits) => PositionBits;

export const hasPosition = (bits: PositionBits, at: number): boolean => ((bits[at >>> 5]! >>> (at & 31)) & 1) === 1;

export const addPosition = (bits: PositionBits, at: number): void => void (bits[at >>> 5]! |= 1 << (at & 31));

export const noPositions = (size: number): PositionBits => new Uint32Array((size + 31) >>> 5);

/** The positions whose value in `column` shares a bit with `mask`. */
function sharingBits(size: number, column: Uint16Array | Uint8Array, mask: number): PositionBits {
  const bits = noPositions(size);
  for (let at = 0; at < size; at++) if ((column[at]! & mask) !== 0) addPosition(bits, at);
  return bits;
}

/** The positions whose value in `column`, masked by `mask`, is `value`. */
function matchingBits(size: number, column: Uint8Array | Int16Array, value: number, mask = 0xffff): PositionBits {
  const bits = noPositions(size);
  for (let at = 0; at < size; at++) if ((column[at]! & mask) === value) addPosition(bits, at);
  return bits;
}

/**
 * The positions passing the filters every facet applies: listed, matched by the search (marked
 * in `searchMarks`, when there is one), in no excluded category, within the price range and rating.
 */
function sharedPasses(columns: CatalogueColumns, query: CatalogueQuery, searchMarks?: Uint8Array): PositionBits {
  const excluded = bitsOf(categorySlugs, query.exclude ?? []);
  const minPrice = query.minPrice ?? -Infinity;
  const maxPrice = query.maxPrice ?? Infinity;
  const minRating = query.minRating ?? -Infinity;
  const { size, listed, price, rating, categories } = columns;
  const bits = noPositions(size);
  for (let at = 0; at < size; at++) {
    if (listed[at] !== 1 || (searchMarks !== undefined && searchMarks[at] !== 1)) continue;
    const cost = price[at]!;
    if ((categories[at]! & excluded) === 0 && cost >= minPrice && cost <= maxPrice && rating[at]! >= minRating) addPosition(bits, at);
  }
  return bits;
}

/** Each facet's bit, in facetKeys order. */
const CATEGORY = 1;
const PRICE = 2;
const ROLE = 4;
const RUNS_ON = 8;
const OFFLINE_FACET = 16;
const OWN_KEY_FACET = 32;
const MODERATED_FACET = 64;
const YEAR = 128;
const PLATFORM = 256;
const MADE = 512;
const PROVIDER = 1024;
const INPUT_GOES = 2048;
const PLAY_COST = 4096;
const NO_API_KEY = 8192;
const NOT_WORKING_FACET = 16384;
const EVERY_FACET = 32767;

/** The play costs that need no API key of the player's, a bit each (aiPlayCosts' order). */
const NO_API_KEY_COSTS = bitsOf(aiPlayCosts, noApiKeyCosts);
const needsNoApiKey = (playCost: number) => ((NO_API_KEY_COSTS >>> playCost) & 1) === 1;

/** The facet filters the query sets: each facet's bit, and the positions passing it. */
function facetPasses(columns: CatalogueColumns, query: CatalogueQuery, remember: Remember): { facet: number; passes: PositionBits }[] {
  const { size, categories, free, roles, runsOn, flags, year, platforms: plays, made, provider, inputGoes, playCost } = columns;
  const flag = (wanted: boolean, mask: number) => matchingBits(size, flags, wanted ? mask : 0, mask);
  const filters: [facet: number, wanted: unknown, passes: () => PositionBits][] = [
    [
      CATEGORY,
      query.category?.length ? query.category : undefined,
      () => sharingBits(size, categories, bitsOf(categorySlugs, query.category!)),
    ],
    [PRICE, query.price, () => matchingBits(size, free, query.price === 'free' ? 1 : 0)],
    [ROLE, query.aiRole?.length ? query.aiRole : undefined, () => sharingBits(size, roles, bitsOf(aiRoles, query.aiRole!))],
    [RUNS_ON, query.runsOn, () => matchingBits(size, runsOn, aiRunsOnValues.indexOf(query.runsOn!))],
    [OFFLINE_FACET, query.offline, () => flag(query.offline!, OFFLINE)],
    [OWN_KEY_FACET, query.ownKey, () => flag(query.ownKey!, OWN_KEY)],
    [MODERATED_FACET, query.moderated, () => flag(query.moderated!, MODERATED)],
    [YEAR, query.year, () => matchingBits(size, year, query.year!)],
    [PLATFORM, query.platform?.length ? query.platform : undefined, () => sharingBits(size, plays, bitsOf(platforms, query.platform!))],
    [MADE, query.made, () => matchingBits(size, made, aiGenerationValues.indexOf(query.made!))],
    [PROVIDER, query.provider, () => matchingBits(size, provider, aiProviders.indexOf(query.provider!))],
    [INPUT_GOES, query.inputGoes, () => matchingBits(size, inputGoes, aiInputDestinations.indexOf(query.inputGoes!))],
    [PLAY_COST, query.playCost, () => matchingBits(size, playCost, aiPlayCosts.indexOf(query.playCost!))],
    [NO_API_KEY, query.noApiKey, () => noApiKeyBits(size, playCost, query.noApiKey!)],
    // On unless asked otherwise: lists leave out games that do not work (decision 0072).
    [NOT_WORKING_FACET, query.showNotWorking ? undefined : false, () => flag(false, NOT_WORKING)],
  ];
  return filters.flatMap(([facet, wanted, passes]) =>
    wanted === undefined ? [] : [{ facet, passes: remember(`${facet}:${JSON.stringify(wanted)}`, passes) }],
  );
}

/** The positions whose play cost needs no API key of the player's (`wanted`), or the others. */
function noApiKeyBits(size: number, playCost: Uint8Array, wanted: boolean): PositionBits {
  const bits = noPositions(size);
  for (let at = 0; at < size; at++) if (needsNoApiKey(playCost[at]!) === wanted) addPosition(bits, at);
  return bits;
}

/** `base` and every one of `others`, and none of `without` when given. */
function intersection(base: PositionBits, others: PositionBits[], without?: PositionBits): PositionBits {
  const bits = base.slice();
  for (const other of others) for (let word = 0; word < bits.length; word++) bits[word]! &= other[word]!;
  if (without) for (let word = 0; word < bits.length; word++) bits[word]! &= ~without[word]!;
  return bits;
}

/** Adds one to `counts` at every set bit of `mask`. */
function addBits(counts: Int32Array, mask: number): void {
  for (let rest = mask; rest !== 0; rest &= rest - 1) counts[31 - Math.clz32(rest & -rest)]!++;
}

const yesNo = (flags: number, flag: number) => ((flags & flag) !== 0 ? 1 : 0);

/** Every facet's counts, as they are added up game by game. */
class FacetCounters {
  readonly category = new Int32Array(categorySlugs.length);
  readonly price = new Int32Array(2);
  readonly role = new Int32Array(aiRoles.length);
  readonly runsOn = new Int32Array(aiRunsOnValues.length);
  readonly offline = new Int32Array(2);
  readonly ownKey = new Int32Array(2);
  readonly moderated = new Int32Array(2);
  readonly year = new Int32Array(LAST_RELEASE_YEAR - FIRST_RELEASE_YEAR + 1);
  readonly platform = new Int32Array(platforms.length);
  readonly made = new Int32Array(aiGenerationValues.length);
  readonly provider = new Int32Array(aiProviders.length);
  readonly inputGoes = new Int32Array(aiInputDestinations.length);
  readonly playCost = new Int32Array(aiPlayCosts.length);
  readonly noApiKey = new Int32Array(2);
  readonly notWorking = new Int32Array(2);

  constructor(private readonly columns: CatalogueColumns) {}

  /** Counts the game at `at` in the facets whose bits are set in `facets`. */
  add(at: number, facets: number): void {
    const { categories, free, roles, runsOn, flags, year } = this.columns;
    if (facets & CATEGORY) addBits(this.category, categories[at]!);
    if (facets & PRICE) this.price[free[at]!]!++;
    if (facets & ROLE) addBits(this.role, roles[at]!);
    if (facets & RUNS_ON) this.runsOn[runsOn[at]!]!++;
    if (facets & OFFLINE_FACET) this.offline[yesNo(flags[at]!, OFFLINE)]!++;
    if (facets & OWN_KEY_FACET) this.ownKey[yesNo(flags[at]!, OWN_KEY)]!++;
    if (facets & MODERATED_FACET) this.moderated[yesNo(flags[at]!, MODERATED)]!++;
    if (facets & YEAR) this.year[year[at]! - FIRST_RELEASE_YEAR]!++;
    if (facets & PLATFORM) addBits(this.platform, this.columns.platforms[at]!);
    if (facets & MADE) this.made[this.columns.made[at]!]!++;
    if (facets & PROVIDER) this.provider[this.columns.provider[at]!]!++;
    if (facets & INPUT_GOES) this.inputGoes[this.columns.inputGoes[at]!]!++;
    if (facets & PLAY_COST) this.playCost[this.columns.playCost[at]!]!++;
    if (facets & NO_API_KEY) this.noApiKey[needsNoApiKey(this.columns.playCost[at]!) ? 1 : 0]!++;
    if (facets & NOT_WORKING_FACET) this.notWorking[yesNo(flags[at]!, NOT_WORKING)]!++;
  }

  /** Counts every game of `positions` in the facets whose bits are set in `facets`. */
  addAll(positions: PositionBits, facets: number): void {
    for (let word = 0; word < positions.length; word++) {
      for (let rest = positions[word]!; rest !== 0; rest &= rest - 1) this.add((word << 5) | (31 - Math.clz32(rest & -rest)), facets);
    }
  }

  facetsAndTotal(query: CatalogueQuery): FacetsAndTotal {
    const yesNoCounts = (counts: Int32Array) => ({ true: counts[1]!, false: counts[0]! });
    const named = <K extends string>(keys: readonly K[], counts: Int32Array) =>
      Object.fromEntries(keys.map((key, index) => [key, counts[index]!])) as Record<K, number>;
    const price = { free: this.price[1]!, paid: this.price[0]! };
    return {
      facets: {
        category: named(categorySlugs, this.category),
        price,
        aiRole: named(aiRoles, this.role),
        runsOn: named(aiRunsOnValues, this.runsOn),
        platform: named(platforms, this.platform),
        offline: yesNoCounts(this.offline),
        ownKey: yesNoCounts(this.ownKey),
        moderated: yesNoCounts(this.moderated),
        made: named(aiGenerationValues, this.made),
        provider: named(aiProviders, this.provider),
        inputGoes: named(aiInputDestinations, this.inputGoes),
        playCost: named(aiPlayCosts, this.playCost),
        noApiKey: yesNoCounts(this.noApiKey),
        notWorking: yesNoCounts(this.notWorking),
        year: Object.fromEntries([...this.year].flatMap((n, index) => (n > 0 ? [[String(FIRST_RELEASE_YEAR + index), n]] : []))),
      },
      total: query.price ? price[query.price] : price.free + price.paid,
    };
  }
}

/** The filters every facet applies (remembered by what they depend on), and each facet's own. */
function filtersOf(columns: CatalogueColumns, query: CatalogueQuery, searchMarks: Uint8Array | undefined, remember: Remember) {
  const { q, exclude, minPrice, maxPrice, minRating } = query;
  const shared = remember(`shared:${JSON.stringify([q, exclude, minPrice, maxPrice, minRating])}`, () =>
    sharedPasses(columns, query, searchMarks),
  );
  return { shared, filters: facetPasses(columns, query, remember) };
}

const makeAgain: Remember = (_key, make) => make();

/**
 * Every facet's counts and the total, as the SQL of facets.ts gives them (each facet applies
 * every filter but its own), and the positions passing every filter, which a page walks
 * through at a bit test each. `searchMarks` marks the games a search (`q`) matched, when there is one;
 * `remember` may keep the positions passing each filter for other filter sets that share it.
 *
 * Filters are sets of positions, so a game is visited only where it counts: in every facet
 * when it passes every filter, or in one facet's own counts when it fails that facet's filter
 * alone. Games failing a filter every facet applies, or two facet filters, cost nothing.
 */
export function countFacets(
  columns: CatalogueColumns,
  query: CatalogueQuery,
  searchMarks?: Uint8Array,
  remember: Remember = makeAgain,
): FacetsAndTotal & { passing: PositionBits } {
  const { shared, filters } = filtersOf(columns, query, searchMarks, remember);
  const passing = intersection(
    shared,
    filters.map(({ passes }) => passes),
  );
  const counters = new FacetCounters(columns);
  counters.addAll(passing, EVERY_FACET);
  for (const { facet, passes } of filters) {
    const others = filters.filter((other) => other.facet !== facet).map((other) => other.passes);
    counters.addAll(intersection(shared, others, passes), facet);
  }
  return { ...counters.facetsAndTotal(query), passing };
}

/**
 * What the games at `positions` add to countFacets' answer for the same query and search,
 * counted by the same rule (in every facet when passing every filter, in one facet's own counts
 * when failing that facet's filter alone): one user's "Not interested" games are taken out of
 * the counts made for everyone with `withoutShare`, a few bit tests per game they hid instead
 * of a count of the whole catalogue.
 */
export function countedShare(
  columns: CatalogueColumns,
  query: CatalogueQuery,
  positions: Iterable<number>,
  searchMarks?: Uint8Array,
  remember: Remember = makeAgain,
): FacetsAndTotal {
  const { shared, filters } = filtersOf(columns, query, searchMarks, remember);
  const counters = new FacetCounters(columns);
  for (const at of positions) {
    if (!hasPosition(shared, at)) continue;
    const failed = filters.filter(({ passes }) => !hasPosition(passes, at));
    if (failed.length === 0) counters.add(at, EVERY_FACET);
    else if (failed.length === 1) counters.add(at, failed[0]!.facet);
  }
  return counters.facetsAndTotal(query);
}

type Counts = Record<string, Record<string, number>>;

/** `counts` without `share` (countedShare's): a year nothing is left in is left out, as countFacets leaves it. */
export function withoutShare(counts: FacetsAndTotal, share: FacetsAndTotal): FacetsAndTotal {
  const taken = share.facets as unknown as Counts;
  const facets = Object.fromEntries(
    Object.entries(counts.facets as unknown as Counts).map(([facet, values]) => [
      facet,
      Object.fromEntries(
        Object.entries(values).flatMap(([value, count]) => {
          const left = count - (taken[facet]?.[value] ?? 0);
          return facet === 'year' && left === 0 ? [] : [[value, left]];
        }),
      ),
    ]),
  );
  return { facets: facets as unknown as CatalogueFacets, total: counts.total - share.total };
}
