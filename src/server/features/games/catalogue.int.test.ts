import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiRoles, catalogueSorts, type CatalogueSort } from '../../../shared/catalogue';
import { gamePageSchema, type GamePage } from '../../../shared/games';
import { createTestApp, type TestApp } from '../../../test-support/server/app';

let t: TestApp;
let all: GamePage['items'];

beforeAll(async () => {
  t = await createTestApp();
  all = (await list('pageSize=100')).items;
});
afterAll(() => t.close());

async function list(query: string): Promise<GamePage> {
  const response = await t.app.inject(`/api/games?${query}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return gamePageSchema.parse(response.json());
}

const titles = (page: GamePage) => page.items.map((game) => game.title);
const ids = (games: GamePage['items']) => games.map((game) => game.id).sort();
const price = (game: GamePage['items'][number]) => game.priceAmount ?? 0;

describe('search', () => {
  it('puts the game whose title is the search first', async () => {
    for (const game of all) {
      expect(titles(await list(`q=${encodeURIComponent(game.title)}`))[0]).toBe(game.title);
    }
  });

  it('still finds a game with a one-letter typo', async () => {
    expect(titles(await list('q=Humfeild'))).toContain('Humfield');
    expect(titles(await list('q=Knucklewize'))).toContain('Knucklewise');
    expect(titles(await list('q=slipstream%20ghsts'))).toContain('Slipstream Ghosts');
  });

  it('finds words as they are typed (prefixes), and searches developer, tagline, description and categories', async () => {
    expect(titles(await list('q=hearthw'))).toContain('Hearthwick Tales');
    const byDeveloper = all.find((game) => game.title === 'Humfield')!.developer;
    expect(titles(await list(`q=${encodeURIComponent(byDeveloper)}`))).toContain('Humfield');
    expect(titles(await list('q=sphinxes'))).toContain('The Lying Sphinx');
    const turnBased = all.filter((game) => game.categories.includes('turn-based')).map((game) => game.title);
    expect(titles(await list('q=turn-based&pageSize=100'))).toEqual(expect.arrayContaining(turnBased));
  });

  it('answers nothing, not everything, for a search that matches nothing', async () => {
    const page = await list('q=zzqxj%20wombat%20karaoke');
    expect(page.total).toBe(0);
    expect(page.items).toEqual([]);
  });
});

describe('filters', () => {
  const cases: [string, (game: GamePage['items'][number]) => boolean][] = [
    ['category=rpg', (g) => g.categories.includes('rpg')],
    ['category=rpg,puzzle', (g) => g.categories.includes('rpg') || g.categories.includes('puzzle')],
    ['category=rpg&category=puzzle', (g) => g.categories.includes('rpg') || g.categories.includes('puzzle')],
    ['exclude=action', (g) => !g.categories.includes('action')],
    ['exclude=action&exclude=fantasy', (g) => !g.categories.includes('action') && !g.categories.includes('fantasy')],
    ['price=free', (g) => g.price === 'free'],
    ['price=paid', (g) => g.price === 'paid'],
    ['minPrice=20&maxPrice=28', (g) => price(g) >= 20 && price(g) <= 28],
    ['minRating=4.6', (g) => g.rating >= 4.6],
    ['year=2025', (g) => g.releaseDate.startsWith('2025')],
    ['aiRole=npc-dialogue', (g) => g.ai.roles.includes('npc-dialogue')],
    ['aiRole=music-voice,art', (g) => g.ai.roles.some((r) => r === 'music-voice' || r === 'art')],
    ['runsOn=device', (g) => g.ai.runsOn === 'device'],
    ['offline=true', (g) => g.ai.worksOffline],
    ['ownKey=false', (g) => !g.ai.needsOwnApiKey],
    ['moderated=true', (g) => g.ai.outputModerated],
    [
      'category=adventure&exclude=puzzle&price=paid&offline=false',
      (g) => g.categories.includes('adventure') && !g.categories.includes('puzzle') && g.price === 'paid' && !g.ai.worksOffline,
    ],
  ];

  it.each(cases)('%s gives exactly the matching games', async (query, matches) => {
    const page = await list(`${query}&pageSize=100`);
    const expected = all.filter(matches);
    expect(ids(page.items)).toEqual(ids(expected));
    expect(page.total).toBe(expected.length);
  });

  it('has at least one game for each of the filters above (the checks are not vacuous)', async () => {
    for (const [query, matches] of cases) expect(all.filter(matches).length, query).toBeGreaterThan(0);
  });
});

describe('facet counts', () => {
  it('equal the total that picking the option gives, with the other filters kept', async () => {
    const base = 'exclude=sports&minRating=4.2';
    const { facets } = await list(base);
    const options: [string, number][] = [
      ...Object.entries(facets.category).map(([slug, n]): [string, number] => [`category=${slug}`, n]),
      [`price=free`, facets.price.free],
      [`price=paid`, facets.price.paid],
      ...aiRoles.map((role): [string, number] => [`aiRole=${role}`, facets.aiRole[role]]),
      ...Object.entries(facets.runsOn).map(([v, n]): [string, number] => [`runsOn=${v}`, n]),
      [`offline=true`, facets.offline.true],
      [`offline=false`, facets.offline.false],
      [`ownKey=true`, facets.ownKey.true],
      [`moderated=false`, facets.moderated.false],
      ...Object.entries(facets.year).map(([y, n]): [string, number] => [`year=${y}`, n]),
    ];
    for (const [option, n] of options) {
      expect((await list(`${base}&${option}`)).total, option).toBe(n);
    }
  });

  it("leave a facet's own choice out of its counts", async () => {
    const { facets, total } = await list('price=free');
    expect(facets.price.free).toBe(total);
    expect(facets.price.paid).toBe(all.filter((g) => g.price === 'paid').length);
  });
});

describe('sorting', () => {
  const expectations: Partial<Record<CatalogueSort, (a: GamePage['items'][number], b: GamePage['items'][number]) => number>> = {
    'most-played': (a, b) => b.playCount - a.playCount,
    newest: (a, b) => b.createdAt.localeCompare(a.createdAt) || Number(b.id) - Number(a.id),
    'release-date': (a, b) => b.releaseDate.localeCompare(a.releaseDate),
    title: (a, b) => a.title.localeCompare(b.title),
    price: (a, b) => price(a) - price(b) || Number(a.id) - Number(b.id),
    'price-desc': (a, b) => price(b) - price(a) || Number(b.id) - Number(a.id),
    'top-rated': (a, b) => (b.rating * b.ratingCount + 35) / (b.ratingCount + 10) - (a.rating * a.ratingCount + 35) / (a.ratingCount + 10),
  };

  it.each(Object.keys(expectations) as CatalogueSort[])('%s orders the catalogue', async (sort) => {
    const page = await list(`sort=${sort}&pageSize=100`);
    expect(titles(page)).toEqual([...all].sort(expectations[sort]).map((game) => game.title));
  });

  it('ranks a confident 4.7 above a lone 5-star rating (top rated is confidence-weighted)', () => {
    const weighted = (rating: number, count: number) => (rating * count + 35) / (count + 10);
    expect(weighted(4.7, 100)).toBeGreaterThan(weighted(5, 1));
  });

  it.each(catalogueSorts.filter((sort) => sort !== 'relevance'))('%s pages through without duplicates or gaps', async (sort) => {
    const whole = (await list(`sort=${sort}&pageSize=100`)).items.map((game) => game.id);
    const pages = await Promise.all([1, 2, 3].map((page) => list(`sort=${sort}&pageSize=5&page=${page}`)));
    expect(pages.flatMap((page) => page.items.map((game) => game.id))).toEqual(whole);
  });

  it('sorts by relevance by default when searching', async () => {
    const page = await list('q=the');
    expect(page.total).toBeGreaterThan(0);
  });
});

describe('bad parameters', () => {
  it.each([
    ['sort=cheapest', "Unknown sort 'cheapest'"],
    ['sort=relevance', "sort 'relevance' needs a search (q)"],
    ['category=rpg,nope', "Unknown category 'nope'"],
    ['exclude=nope', "Unknown category 'nope'"],
    ['price=cheap', "price must be 'free' or 'paid'"],
    ['minPrice=-1', 'minPrice must be 0 or more'],
    ['minPrice=abc', 'minPrice must be a number'],
    ['minPrice=30&maxPrice=10', 'minPrice must not be more than maxPrice'],
    ['minRating=6', 'minRating must be from 0 to 5'],
    ['year=19', 'year must be from 1970 to 2100'],
    ['year=2025.5', 'year must be a whole number'],
    ['aiRole=telepathy', "Unknown AI role 'telepathy'"],
    ['runsOn=moon', "runsOn must be 'device', 'cloud' or 'both'"],
    ['offline=maybe', 'offline must be true or false'],
    ['pageSize=101', 'pageSize must be at most 100'],
    [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
  ])('%s answers 400 invalid-argument', async (query, message) => {
    const response = await t.app.inject(`/api/games?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid-argument', message } });
  });
});

describe('the platform facet', () => {
  it('counts where games play, "plays in the browser" included, and each count is the total its filter gives', async () => {
    const everything = await list('pageSize=1');
    expect(everything.facets?.platform.web).toBe(everything.total);
    for (const [platform, count] of Object.entries(everything.facets!.platform)) {
      const filtered = await list(`platform=${platform}&pageSize=1`);
      expect(filtered.total, platform).toBe(count);
    }
    expect((await list('platform=windows')).total).toBe(0);
    expect((await list('platform=windows,web')).total).toBe(everything.total);
  });

  it('refuses a platform it does not know, saying which', async () => {
    const response = await t.app.inject('/api/games?platform=amiga');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain("Unknown platform 'amiga'");
  });
});
