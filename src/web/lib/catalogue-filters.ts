import {
  aiGenerationValues,
  aiInputDestinations,
  aiPlayCosts,
  aiProviders,
  type AiGeneration,
  type AiInputDestination,
  type AiPlayCost,
  type AiProvider,
} from '../../shared/ai-disclosure-values';
import {
  aiRoles,
  aiRunsOnValues,
  catalogueSorts,
  defaultCatalogueSort,
  platforms,
  type AiRole,
  type Platform,
  type AiRunsOn,
  type CatalogueSort,
} from '../../shared/catalogue-values';
import { categorySlugs, type CategorySlug } from '../../shared/category-slugs';
import { FIRST_RELEASE_YEAR as MIN_YEAR, LAST_RELEASE_YEAR as MAX_YEAR, MAX_SEARCH_LENGTH } from '../../shared/constants';
import { pathOf } from '../../shared/routes';

/**
 * The catalogue's search, filters, sort and page: read from the address bar, written back to
 * it and to `GET /api/games`, so that one module decides what a catalogue address means.
 * It imports only Zod-free lists: every screen that lists games uses it through `gamesQuery`.
 */
export const catalogueCategories: readonly CategorySlug[] = categorySlugs;
export const catalogueAiRoles: readonly AiRole[] = aiRoles;
export const catalogueRunsOn: readonly AiRunsOn[] = aiRunsOnValues;
export const cataloguePlatforms: readonly Platform[] = platforms;
export const catalogueSortOrder: readonly CatalogueSort[] = catalogueSorts;

export const priceKinds = ['free', 'paid'] as const;
export type PriceKind = (typeof priceKinds)[number];

/** The 'minimum rating' choices the filters panel offers. */
export const ratingSteps = [3, 4, 4.5] as const;

const MAX_PRICE = 1_000_000;

/** The yes / no filters: absent means 'any'. */
export const yesNoFilters = ['offline', 'ownKey', 'moderated'] as const;

/** The disclosure's one-of filters (decision 0064), each with its values. */
export const disclosureFilterValues = {
  made: aiGenerationValues,
  provider: aiProviders,
  inputGoes: aiInputDestinations,
  playCost: aiPlayCosts,
} as const;
export type DisclosureFilter = keyof typeof disclosureFilterValues;
export const disclosureFilters = Object.keys(disclosureFilterValues) as DisclosureFilter[];
export type YesNoFilter = (typeof yesNoFilters)[number];

export interface CatalogueFilters {
  /** The search text, trimmed; absent when there is no search. */
  q?: string;
  /** Games in any of these categories. */
  category: CategorySlug[];
  /** Games in none of these categories. */
  exclude: CategorySlug[];
  price?: PriceKind;
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  year?: number;
  /** Games whose AI does any of these. */
  aiRole: AiRole[];
  /** Games that play on any of these ('web': in the browser). */
  platform: Platform[];
  runsOn?: AiRunsOn;
  offline?: boolean;
  ownKey?: boolean;
  moderated?: boolean;
  made?: AiGeneration;
  provider?: AiProvider;
  inputGoes?: AiInputDestination;
  playCost?: AiPlayCost;
  /** Games that say they need no API key of the player's. */
  noApiKey?: true;
  /** Games the still-works checks found Not working, which lists leave out otherwise. */
  showNotWorking?: true;
  /** Absent means the default order (see `effectiveSort`). */
  sort?: CatalogueSort;
  page: number;
  /** A `?category=` value that is not a known category, to tell the visitor about it. */
  unknownCategory?: string;
}

export const emptyFilters: CatalogueFilters = { category: [], exclude: [], aiRole: [], platform: [], page: 1 };

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);
const isCategory = isOneOf(catalogueCategories);
const isAiRole = isOneOf(catalogueAiRoles);
const isRunsOn = isOneOf(catalogueRunsOn);
const isPlatform = isOneOf(cataloguePlatforms);
const isSort = isOneOf(catalogueSortOrder);
const isPriceKind = (value: string): value is PriceKind => value === 'free' || value === 'paid';

/** The order the list is in: the chosen sort, or what the API does without one. */
export function effectiveSort(filters: Pick<CatalogueFilters, 'q' | 'sort'>): CatalogueSort {
  if (filters.sort && (filters.sort !== 'relevance' || filters.q)) return filters.sort;
  return defaultCatalogueSort(filters.q);
}

/** The sorts that make sense now: 'relevance' only with a search. */
export function availableSorts(filters: Pick<CatalogueFilters, 'q'>): CatalogueSort[] {
  return catalogueSortOrder.filter((sort) => sort !== 'relevance' || filters.q);
}

// ---------------------------------------------------------------------------------------------
// Reading: anything odd in the address is dropped, never an error.

/** `?category=rpg&category=puzzle` and `?category=rpg,puzzle` mean the same, as for the API. */
function listValues(search: URLSearchParams, name: string): string[] {
  return search
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function readPage(raw: string | null): number {
  if (!raw || !/^[1-9]\d{0,5}$/.test(raw)) return 1;
  return Number(raw);
}

function readNumber(raw: string | null, min: number, max: number): number | undefined {
  if (raw === null || !/^\d+(\.\d+)?$/.test(raw.trim())) return undefined;
  const value = Number(raw);
  return value >= min && value <= max ? value : undefined;
}

function readYear(raw: string | null): number | undefined {
  if (raw === null || !/^\d{4}$/.test(raw.trim())) return undefined;
  return readNumber(raw, MIN_YEAR, MAX_YEAR);
}

function readYesNo(raw: string | null): boolean | undefined {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return undefined;
}

function readSearch(raw: string | null): string | undefined {
  const text = raw?.trim().slice(0, MAX_SEARCH_LENGTH).trim();
  return text || undefined;
}

function readPriceRange(search: URLSearchParams): Pick<CatalogueFilters, 'minPrice' | 'maxPrice'> {
  const min = readNumber(search.get('minPrice'), 0, MAX_PRICE);
  const max = readNumber(search.get('maxPrice'), 0, MAX_PRICE);
  // A range typed backwards still says what the visitor meant.
  if (min !== undefined && max !== undefined && min > max) return { minPrice: max, maxPrice: min };
  return { minPrice: min, maxPrice: max };
}

function readCategories(search: URLSearchParams) {
  const included = listValues(search, 'category');
  const exclude = unique(listValues(search, 'exclude').filter(isCategory));
  const category = unique(included.filter(isCategory)).filter((slug) => !exclude.includes(slug));
  const unknownCategory = included.find((value) => !isCategory(value));
  return { category, exclude, unknownCategory };
}

export function readCatalogueFilters(search: URLSearchParams): CatalogueFilters {
  const q = readSearch(search.get('q'));
  const { category, exclude, unknownCategory } = readCategories(search);
  const price = search.get('price') ?? '';
  const minRating = readNumber(search.get('minRating'), 0, 5);
  const runsOn = search.get('runsOn') ?? '';
  const sort = search.get('sort') ?? '';
  return withoutUndefined({
    q,
    category,
    exclude,
    price: isPriceKind(price) ? price : undefined,
    ...readPriceRange(search),
    minRating: minRating ? minRating : undefined,
    year: readYear(search.get('year')),
    aiRole: unique(listValues(search, 'aiRole').filter(isAiRole)),
    platform: unique(listValues(search, 'platform').filter(isPlatform)),
    runsOn: isRunsOn(runsOn) ? runsOn : undefined,
    offline: readYesNo(search.get('offline')),
    ownKey: readYesNo(search.get('ownKey')),
    moderated: readYesNo(search.get('moderated')),
    ...readDisclosure(search),
    noApiKey: search.get('noApiKey') === 'true' ? true : undefined,
    showNotWorking: search.get('showNotWorking') === 'true' ? true : undefined,
    sort: isSort(sort) && (sort !== 'relevance' || q) ? sort : undefined,
    page: readPage(search.get('page')),
    unknownCategory,
  });
}

function readDisclosure(search: URLSearchParams): Pick<CatalogueFilters, DisclosureFilter> {
  const read = (name: DisclosureFilter) => {
    const value = search.get(name) ?? '';
    return (disclosureFilterValues[name] as readonly string[]).includes(value) ? value : undefined;
  };
  return Object.fromEntries(disclosureFilters.map((name) => [name, read(name)])) as Pick<CatalogueFilters, DisclosureFilter>;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A complete filter object from a partial one (`{ page: 2 }`, `{ category: ['rpg'] }`). */
export function catalogueFilters(partial: Partial<CatalogueFilters> = {}): CatalogueFilters {
  return withoutUndefined({ ...emptyFilters, ...partial });
}

// ---------------------------------------------------------------------------------------------
// Writing: defaults are left out, so equal filters always give the same address.

/** The search parameters for these filters, in a fixed order, defaults left out. */
export function writeCatalogueSearch(filters: CatalogueFilters): URLSearchParams {
  const search = new URLSearchParams();
  const put = (name: string, value: string | number | boolean | undefined) => {
    if (value !== undefined) search.append(name, String(value));
  };
  put('q', filters.q || undefined);
  filters.category.forEach((slug) => put('category', slug));
  filters.exclude.forEach((slug) => put('exclude', slug));
  put('price', filters.price);
  put('minPrice', filters.minPrice);
  put('maxPrice', filters.maxPrice);
  put('minRating', filters.minRating || undefined);
  put('year', filters.year);
  filters.aiRole.forEach((role) => put('aiRole', role));
  filters.platform.forEach((platform) => put('platform', platform));
  put('runsOn', filters.runsOn);
  yesNoFilters.forEach((name) => put(name, filters[name]));
  disclosureFilters.forEach((name) => put(name, filters[name]));
  put('noApiKey', filters.noApiKey);
  put('showNotWorking', filters.showNotWorking);
  const sort = effectiveSort(filters);
  put('sort', sort === effectiveSort({ q: filters.q }) ? undefined : sort);
  put('page', filters.page > 1 ? filters.page : undefined);
  return search;
}

/** The `/games` address for these filters. */
export function catalogueHref(filters: CatalogueFilters = emptyFilters): string {
  const query = writeCatalogueSearch(filters).toString();
  return query ? `${pathOf('games')}?${query}` : pathOf('games');
}

/** The `GET /api/games` query string: the address's parameters plus the page size. */
export function catalogueApiSearch(filters: CatalogueFilters, pageSize: number): string {
  const search = writeCatalogueSearch(filters);
  search.set('page', String(filters.page));
  search.set('pageSize', String(pageSize));
  return search.toString();
}

// ---------------------------------------------------------------------------------------------
// Changing.

/**
 * The filters with `change` applied. Any change but the page's goes back to page 1, and the
 * unknown-category notice goes once the categories are chosen again.
 */
export function changeFilters(filters: CatalogueFilters, change: Partial<CatalogueFilters>): CatalogueFilters {
  const next: CatalogueFilters = { ...filters, ...change };
  if (!('page' in change)) next.page = 1;
  if ('category' in change || 'exclude' in change) delete next.unknownCategory;
  if (next.sort === 'relevance' && !next.q) delete next.sort;
  return withoutUndefined(next);
}

export type CategoryState = 'any' | 'include' | 'exclude';

export function categoryState(filters: CatalogueFilters, slug: CategorySlug): CategoryState {
  if (filters.category.includes(slug)) return 'include';
  if (filters.exclude.includes(slug)) return 'exclude';
  return 'any';
}

/** Puts a category in one state: included, excluded, or neither, never both. */
export function setCategoryState(filters: CatalogueFilters, slug: CategorySlug, state: CategoryState): CatalogueFilters {
  const category = filters.category.filter((value) => value !== slug);
  const exclude = filters.exclude.filter((value) => value !== slug);
  if (state === 'include') category.push(slug);
  if (state === 'exclude') exclude.push(slug);
  return changeFilters(filters, { category, exclude });
}

/** any -> include -> exclude -> any, for a single control that cycles. */
export function nextCategoryState(state: CategoryState): CategoryState {
  if (state === 'any') return 'include';
  return state === 'include' ? 'exclude' : 'any';
}

export function toggleAiRole(filters: CatalogueFilters, role: AiRole): CatalogueFilters {
  const aiRole = filters.aiRole.includes(role) ? filters.aiRole.filter((value) => value !== role) : [...filters.aiRole, role];
  return changeFilters(filters, { aiRole });
}

export function togglePlatform(filters: CatalogueFilters, platform: Platform): CatalogueFilters {
  const chosen = filters.platform.includes(platform)
    ? filters.platform.filter((value) => value !== platform)
    : [...filters.platform, platform];
  return changeFilters(filters, { platform: chosen });
}

// ---------------------------------------------------------------------------------------------
// Active filters: the chips above the results and the empty state's suggestions.

export type ActiveFilter =
  | { kind: 'q' }
  | { kind: 'category'; slug: CategorySlug }
  | { kind: 'exclude'; slug: CategorySlug }
  | { kind: 'price' }
  | { kind: 'minPrice' }
  | { kind: 'maxPrice' }
  | { kind: 'minRating' }
  | { kind: 'year' }
  | { kind: 'aiRole'; role: AiRole }
  | { kind: 'platform'; platform: Platform }
  | { kind: 'runsOn' }
  | { kind: YesNoFilter }
  | { kind: DisclosureFilter }
  | { kind: 'noApiKey' }
  | { kind: 'showNotWorking' };

/** Every filter in use, in the order of the filters panel (the search first). */
export function activeFilters(filters: CatalogueFilters): ActiveFilter[] {
  const single = (
    kind:
      'price' | 'minPrice' | 'maxPrice' | 'minRating' | 'year' | 'runsOn' | YesNoFilter | DisclosureFilter | 'noApiKey' | 'showNotWorking',
  ) => (filters[kind] === undefined ? [] : [{ kind }]);
  return [
    ...(filters.q ? [{ kind: 'q' } as const] : []),
    ...filters.category.map((slug) => ({ kind: 'category', slug }) as const),
    ...filters.exclude.map((slug) => ({ kind: 'exclude', slug }) as const),
    ...single('price'),
    ...single('minPrice'),
    ...single('maxPrice'),
    ...single('minRating'),
    ...single('year'),
    ...filters.platform.map((platform) => ({ kind: 'platform', platform }) as const),
    ...filters.aiRole.map((role) => ({ kind: 'aiRole', role }) as const),
    ...single('runsOn'),
    ...yesNoFilters.flatMap(single),
    ...single('noApiKey'),
    ...disclosureFilters.flatMap(single),
    ...single('showNotWorking'),
  ];
}

export function activeFilterKey(filter: ActiveFilter): string {
  if (filter.kind === 'category' || filter.kind === 'exclude') return `${filter.kind}:${filter.slug}`;
  if (filter.kind === 'aiRole') return `aiRole:${filter.role}`;
  if (filter.kind === 'platform') return `platform:${filter.platform}`;
  return filter.kind;
}

/** The filters without one of them (back to page 1). */
export function withoutFilter(filters: CatalogueFilters, filter: ActiveFilter): CatalogueFilters {
  switch (filter.kind) {
    case 'category':
    case 'exclude':
      return setCategoryState(filters, filter.slug, 'any');
    case 'aiRole':
      return changeFilters(filters, { aiRole: filters.aiRole.filter((role) => role !== filter.role) });
    case 'platform':
      return changeFilters(filters, { platform: filters.platform.filter((platform) => platform !== filter.platform) });
    default:
      return changeFilters(filters, { [filter.kind]: undefined });
  }
}

/** Every filter and the search removed; the chosen order stays when it still makes sense. */
export function clearFilters(filters: CatalogueFilters): CatalogueFilters {
  const sort = filters.sort === 'relevance' ? undefined : filters.sort;
  return catalogueFilters({ sort });
}

/** The facet counts as the API sends them (see `catalogueFacetsSchema`). */
export interface FacetCounts {
  price: Record<PriceKind, number>;
  runsOn: Record<AiRunsOn, number>;
  offline: Record<'true' | 'false', number>;
  ownKey: Record<'true' | 'false', number>;
  moderated: Record<'true' | 'false', number>;
  made: Record<AiGeneration, number>;
  provider: Record<AiProvider, number>;
  inputGoes: Record<AiInputDestination, number>;
  playCost: Record<AiPlayCost, number>;
  noApiKey: Record<'true' | 'false', number>;
  notWorking: Record<'true' | 'false', number>;
  year: Record<string, number>;
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * How many games there would be without this filter, when the facet counts tell: each facet
 * is counted with every other filter applied, so for a one-value filter the facet's total is
 * the answer. Unknown (undefined) for the search, categories, AI roles, price range and rating.
 */
export function totalWithout(filter: ActiveFilter, facets: FacetCounts | undefined): number | undefined {
  if (!facets) return undefined;
  switch (filter.kind) {
    case 'price':
    case 'runsOn':
    case 'offline':
    case 'ownKey':
    case 'moderated':
    case 'made':
    case 'provider':
    case 'inputGoes':
    case 'playCost':
    case 'noApiKey':
    case 'year':
      return sum(facets[filter.kind]);
    case 'showNotWorking':
      return facets.notWorking.false;
    default:
      return undefined;
  }
}
