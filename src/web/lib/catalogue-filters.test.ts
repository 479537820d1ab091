import { describe, expect, it } from 'vitest';
import { catalogueQuerySchema } from '../../shared/catalogue';
import {
  activeFilters,
  availableSorts,
  catalogueApiSearch,
  catalogueFilters,
  catalogueHref,
  categoryState,
  changeFilters,
  clearFilters,
  effectiveSort,
  emptyFilters,
  nextCategoryState,
  readCatalogueFilters,
  setCategoryState,
  toggleAiRole,
  totalWithout,
  withoutFilter,
  writeCatalogueSearch,
  type CatalogueFilters,
  type FacetCounts,
} from './catalogue-filters';

const read = (query: string) => readCatalogueFilters(new URLSearchParams(query));
const write = (filters: CatalogueFilters) => writeCatalogueSearch(filters).toString();

const everything: CatalogueFilters = {
  q: 'dragon tales',
  category: ['rpg', 'puzzle'],
  exclude: ['sports'],
  price: 'paid',
  minPrice: 2.5,
  maxPrice: 20,
  minRating: 4.5,
  year: 2025,
  aiRole: ['npc-dialogue', 'story'],
  platform: ['web', 'linux'],
  runsOn: 'device',
  offline: true,
  ownKey: false,
  moderated: true,
  sort: 'top-rated',
  page: 3,
};

describe('the disclosure filters in the address', () => {
  it("reads and writes when content is made, provider, where input goes, cost, No API key needed and Show games that don't work", () => {
    const query = 'made=beforehand&provider=on-device&inputGoes=device&playCost=free&noApiKey=true&showNotWorking=true';
    const filters = read(query);
    expect(filters).toMatchObject({
      made: 'beforehand',
      provider: 'on-device',
      inputGoes: 'device',
      playCost: 'free',
      noApiKey: true,
      showNotWorking: true,
    });
    expect(write(filters)).toBe(query);
  });

  it('drops values it does not know', () => {
    expect(read('made=yesterday&provider=skynet&inputGoes=moon&playCost=cheap&noApiKey=false&showNotWorking=false')).toEqual(emptyFilters);
  });
});

describe('readCatalogueFilters', () => {
  it('gives the defaults for an empty address', () => {
    expect(read('')).toEqual(emptyFilters);
  });

  it('reads every filter', () => {
    const query =
      'q=dragon+tales&category=rpg&category=puzzle&exclude=sports&price=paid&minPrice=2.5&maxPrice=20' +
      '&minRating=4.5&year=2025&aiRole=npc-dialogue&aiRole=story&platform=web&platform=linux&runsOn=device&offline=true&ownKey=false' +
      '&moderated=true&sort=top-rated&page=3';
    expect(read(query)).toEqual(everything);
  });

  it('reads comma-separated lists like repeated parameters, without duplicates', () => {
    expect(read('category=rpg,puzzle&category=rpg&aiRole=art,art,story').category).toEqual(['rpg', 'puzzle']);
    expect(read('aiRole=art,art,story').aiRole).toEqual(['art', 'story']);
    expect(read('exclude=sports,%20racing').exclude).toEqual(['sports', 'racing']);
  });

  it('keeps known categories and reports the first unknown one', () => {
    expect(read('category=board-games')).toEqual({ ...emptyFilters, unknownCategory: 'board-games' });
    expect(read('category=rpg,nope,other')).toMatchObject({ category: ['rpg'], unknownCategory: 'nope' });
  });

  it('drops unknown excluded categories and roles silently', () => {
    expect(read('exclude=nope&aiRole=telepathy')).toEqual(emptyFilters);
  });

  it('lets an exclusion win over an inclusion of the same category', () => {
    expect(read('category=rpg&category=puzzle&exclude=rpg')).toMatchObject({ category: ['puzzle'], exclude: ['rpg'] });
  });

  it('trims the search, caps its length and treats a blank one as none', () => {
    expect(read('q=%20%20hello%20').q).toBe('hello');
    expect(read('q=%20%20').q).toBeUndefined();
    expect(read(`q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });

  it.each([
    ['price=gratis', {}],
    ['minPrice=-1&maxPrice=abc', {}],
    ['minPrice=1e3&maxPrice=Infinity', {}],
    ['minPrice=0', { minPrice: 0 }],
    ['minRating=6', {}],
    ['minRating=0', {}],
    ['minRating=3', { minRating: 3 }],
    ['year=99', {}],
    ['year=1969', {}],
    ['year=2024.5', {}],
    ['year=2024', { year: 2024 }],
    ['runsOn=moon', {}],
    ['offline=yes&ownKey=1&moderated=TRUE', {}],
    ['offline=false', { offline: false }],
    ['sort=cheapest', {}],
    ['sort=relevance', {}],
    ['q=x&sort=relevance', { q: 'x', sort: 'relevance' }],
    ['page=0', {}],
    ['page=-2', {}],
    ['page=two', {}],
    ['page=1.5', {}],
    ['page=9999999', {}],
    ['page=12', { page: 12 }],
  ])('sanitises %s', (query, expected) => {
    expect(read(query)).toEqual({ ...emptyFilters, ...expected });
  });

  it('turns a backwards price range around', () => {
    expect(read('minPrice=30&maxPrice=5')).toMatchObject({ minPrice: 5, maxPrice: 30 });
  });

  it('never gives the API something it would refuse', () => {
    const odd = [
      'sort=relevance&minPrice=9&maxPrice=1&year=1&minRating=99&category=x&aiRole=y&runsOn=z',
      `q=${'b'.repeat(500)}&sort=relevance&page=0&offline=maybe`,
      'category=,,,&exclude=rpg,rpg&price=&minPrice=',
    ];
    for (const query of odd) {
      const filters = read(query);
      const sent = new URLSearchParams(catalogueApiSearch(filters, 24));
      const parsed = catalogueQuerySchema.safeParse(Object.fromEntries(sent));
      expect(parsed.success, query).toBe(true);
    }
  });
});

describe('writeCatalogueSearch', () => {
  it('writes nothing for the defaults', () => {
    expect(write(emptyFilters)).toBe('');
    expect(catalogueHref()).toBe('/games');
  });

  it('writes every filter in a fixed order, lists as repeated parameters', () => {
    expect(write(everything)).toBe(
      'q=dragon+tales&category=rpg&category=puzzle&exclude=sports&price=paid&minPrice=2.5&maxPrice=20' +
        '&minRating=4.5&year=2025&aiRole=npc-dialogue&aiRole=story&platform=web&platform=linux&runsOn=device&offline=true&ownKey=false' +
        '&moderated=true&sort=top-rated&page=3',
    );
  });

  it('round-trips through the reader', () => {
    expect(read(write(everything))).toEqual(everything);
    const someFilters = catalogueFilters({ exclude: ['casual'], offline: false, minPrice: 0 });
    expect(read(write(someFilters))).toEqual(someFilters);
  });

  it('leaves out the default sort, which depends on the search', () => {
    expect(write(catalogueFilters({ sort: 'release-date' }))).toBe('');
    expect(write(catalogueFilters({ sort: 'newest' }))).toBe('sort=newest');
    expect(write(catalogueFilters({ q: 'cat', sort: 'relevance' }))).toBe('q=cat');
    expect(write(catalogueFilters({ q: 'cat', sort: 'newest' }))).toBe('q=cat&sort=newest');
  });

  it('never writes a best-match sort without a search', () => {
    expect(write(catalogueFilters({ sort: 'relevance' }))).toBe('');
  });

  it('leaves out page 1 but always sends page and size to the API', () => {
    expect(write(catalogueFilters({ page: 1 }))).toBe('');
    expect(catalogueApiSearch(emptyFilters, 24)).toBe('page=1&pageSize=24');
    expect(catalogueApiSearch(catalogueFilters({ category: ['rpg'], page: 2 }), 12)).toBe('category=rpg&page=2&pageSize=12');
  });

  it('does not write the unknown-category notice', () => {
    expect(write(read('category=nope'))).toBe('');
  });

  it('makes the /games address', () => {
    expect(catalogueHref(catalogueFilters({ q: 'a&b', page: 2 }))).toBe('/games?q=a%26b&page=2');
  });
});

describe('effectiveSort and availableSorts', () => {
  it('is best match with a search and, like the API, release date without', () => {
    expect(effectiveSort({})).toBe('release-date');
    expect(effectiveSort({ q: 'x' })).toBe('relevance');
    expect(effectiveSort({ sort: 'relevance' })).toBe('release-date');
    expect(effectiveSort({ q: 'x', sort: 'title' })).toBe('title');
  });

  it('offers best match only with a search', () => {
    expect(availableSorts({})).not.toContain('relevance');
    expect(availableSorts({ q: 'x' })[0]).toBe('relevance');
  });
});

describe('changeFilters', () => {
  it('goes back to page 1 when a filter changes', () => {
    expect(changeFilters({ ...everything }, { price: 'free' })).toMatchObject({ price: 'free', page: 1 });
  });

  it('keeps the asked-for page when only the page changes', () => {
    expect(changeFilters({ ...everything, page: 1 }, { page: 4 }).page).toBe(4);
  });

  it('removes a filter set to undefined', () => {
    expect(changeFilters(everything, { price: undefined })).not.toHaveProperty('price');
  });

  it('forgets the unknown category once categories are chosen', () => {
    const filters = read('category=nope');
    expect(changeFilters(filters, { price: 'free' }).unknownCategory).toBe('nope');
    expect(changeFilters(filters, { category: ['rpg'] })).not.toHaveProperty('unknownCategory');
  });

  it('drops best match when the search goes', () => {
    expect(changeFilters(catalogueFilters({ q: 'x', sort: 'relevance' }), { q: undefined })).toEqual(emptyFilters);
  });
});

describe('category include / exclude', () => {
  it('cycles any -> include -> exclude -> any', () => {
    expect(nextCategoryState('any')).toBe('include');
    expect(nextCategoryState('include')).toBe('exclude');
    expect(nextCategoryState('exclude')).toBe('any');
  });

  it('puts a category in exactly one list', () => {
    const included = setCategoryState({ ...everything }, 'casual', 'include');
    expect(categoryState(included, 'casual')).toBe('include');
    const excluded = setCategoryState(included, 'casual', 'exclude');
    expect(excluded.category).not.toContain('casual');
    expect(excluded.exclude).toContain('casual');
    expect(categoryState(excluded, 'casual')).toBe('exclude');
    const neither = setCategoryState(excluded, 'casual', 'any');
    expect(categoryState(neither, 'casual')).toBe('any');
    expect(neither.page).toBe(1);
  });

  it('toggles AI roles', () => {
    const once = toggleAiRole(emptyFilters, 'art');
    expect(once.aiRole).toEqual(['art']);
    expect(toggleAiRole(once, 'art').aiRole).toEqual([]);
  });
});

describe('active filters', () => {
  it('lists every filter in use, in panel order', () => {
    expect(activeFilters(everything).map((filter) => filter.kind)).toEqual([
      'q',
      'category',
      'category',
      'exclude',
      'price',
      'minPrice',
      'maxPrice',
      'minRating',
      'year',
      'platform',
      'platform',
      'aiRole',
      'aiRole',
      'runsOn',
      'offline',
      'ownKey',
      'moderated',
    ]);
    expect(activeFilters(catalogueFilters({ sort: 'title', page: 3 }))).toEqual([]);
  });

  it('removes each one alone', () => {
    for (const filter of activeFilters(everything)) {
      const rest = withoutFilter(everything, filter);
      expect(activeFilters(rest)).toHaveLength(activeFilters(everything).length - 1);
      expect(rest.page).toBe(1);
    }
    expect(withoutFilter(everything, { kind: 'category', slug: 'rpg' }).category).toEqual(['puzzle']);
    expect(withoutFilter(everything, { kind: 'aiRole', role: 'story' }).aiRole).toEqual(['npc-dialogue']);
    expect(withoutFilter(everything, { kind: 'offline' })).not.toHaveProperty('offline');
  });

  it('clears everything but a sort that still makes sense', () => {
    expect(clearFilters(everything)).toEqual({ ...emptyFilters, sort: 'top-rated' });
    expect(clearFilters({ ...everything, sort: 'relevance' })).toEqual(emptyFilters);
  });

  it('says how many games removing a one-value filter would give', () => {
    const facets: FacetCounts = {
      price: { free: 3, paid: 4 },
      runsOn: { device: 1, cloud: 2, both: 0 },
      offline: { true: 2, false: 5 },
      ownKey: { true: 0, false: 6 },
      moderated: { true: 1, false: 1 },
      made: { beforehand: 2, live: 3, both: 1, 'not-stated': 1 },
      provider: {
        openai: 4,
        anthropic: 0,
        google: 0,
        meta: 0,
        mistral: 0,
        deepseek: 0,
        xai: 0,
        stability: 0,
        elevenlabs: 0,
        'on-device': 2,
        other: 0,
        'not-stated': 1,
      },
      inputGoes: { device: 2, 'maker-server': 1, 'third-party': 3, 'not-stated': 1 },
      playCost: { free: 3, 'own-key': 1, allowance: 1, paid: 1, 'not-stated': 1 },
      noApiKey: { true: 5, false: 2 },
      notWorking: { true: 1, false: 7 },
      year: { '2024': 2, '2025': 3 },
    };
    expect(totalWithout({ kind: 'inputGoes' }, facets)).toBe(7);
    expect(totalWithout({ kind: 'noApiKey' }, facets)).toBe(7);
    // Showing Not working games adds them; without that filter only the working ones are left.
    expect(totalWithout({ kind: 'showNotWorking' }, facets)).toBe(7);
    expect(totalWithout({ kind: 'price' }, facets)).toBe(7);
    expect(totalWithout({ kind: 'runsOn' }, facets)).toBe(3);
    expect(totalWithout({ kind: 'offline' }, facets)).toBe(7);
    expect(totalWithout({ kind: 'ownKey' }, facets)).toBe(6);
    expect(totalWithout({ kind: 'moderated' }, facets)).toBe(2);
    expect(totalWithout({ kind: 'year' }, facets)).toBe(5);
    expect(totalWithout({ kind: 'q' }, facets)).toBeUndefined();
    expect(totalWithout({ kind: 'category', slug: 'rpg' }, facets)).toBeUndefined();
    expect(totalWithout({ kind: 'price' }, undefined)).toBeUndefined();
  });
});
