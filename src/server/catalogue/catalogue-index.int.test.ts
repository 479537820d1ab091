import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiGenerationValues, aiInputDestinations, aiPlayCosts, aiProviders } from '../../shared/ai-disclosure-values';
import { aiRoles, aiRunsOnValues, catalogueSorts, platforms, type CatalogueQuery } from '../../shared/catalogue';
import { categorySlugs } from '../../shared/categories';
import { createTestDatabase, type TestDatabase } from '../../test-support/server/database';
import { selectRows } from '../db/client';
import { CatalogueBodies } from './catalogue-bodies';
import { changePositionNow, changesSince } from './catalogue-changes';
import { CatalogueIndex } from './catalogue-index';
import { selectColumnGames, selectGameTexts } from './catalogue-rows';
import { createCatalogueSource } from './catalogue-source';
import { listGames } from './sql-reference/list-games';

const baseUrl = 'http://127.0.0.1:3000';
let t: TestDatabase;
const db = () => t.database.db;

/** 400 more games with every facet value spread among them, some unlisted, some with few categories, some not working. */
async function addVariedGames() {
  // One transaction: a published game must have its categories when it commits.
  await db().transaction(async (tx) => {
    await tx.execute(sql`
    insert into games (slug, title, tagline, description, image_path, image_alt, price_amount, release_date,
      developer, status, ai_roles, ai_runs_on, ai_works_offline, ai_needs_own_key, ai_output_moderated, ratings_1, ratings_5, play_count, recent_plays, platforms)
    select 'varied-' || n, 'Varied ' || (array['Neon', 'Oracle', 'Harbour', 'Lantern'])[1 + n % 4] || ' ' || n,
      'A varied game', 'Made to test facet counts.', '/covers/humfield.svg', 'Cover',
      case when n % 3 = 0 then null else (n % 40) + 0.99 end,
      make_date(2015 + n % 11, 1 + n % 12, 1 + n % 28), 'Studio ' || n % 7,
      case when n % 17 = 0 then 'pending' else 'published' end,
      (array[${sql.raw(aiRoles.map((role) => `'${role}'`).join(','))}])[1 + n % ${aiRoles.length}:1 + (n / 3) % ${aiRoles.length}],
      (array['device', 'cloud', 'both'])[1 + n % 3], n % 2 = 0, n % 5 = 0, n % 4 <> 0, n % 9, (n * 7) % 23, (n * 13) % 50, n % 6,
      (array[${sql.raw(platforms.map((p) => `'${p}'`).join(','))}])[1 + n % ${platforms.length}:1 + (n / 5) % ${platforms.length}]
    from generate_series(1, 400) as n`);
    // Every disclosure value spread among them; one game in eleven keeps the migration's "not stated".
    await tx.execute(sql`
    update games set ai_disclosure = ai_disclosure || jsonb_build_object(
      'generation', ${valuesOf(aiGenerationValues)}[1 + id % ${aiGenerationValues.length}],
      'provider', ${valuesOf(aiProviders)}[1 + (id / 2) % ${aiProviders.length}],
      'inputGoesTo', ${valuesOf(aiInputDestinations)}[1 + (id / 3) % ${aiInputDestinations.length}],
      'cost', ${valuesOf(aiPlayCosts)}[1 + (id / 5) % ${aiPlayCosts.length}])
    where slug like 'varied-%' and id % 11 <> 0`);
    // One game in thirteen is Not working, which lists leave out unless asked.
    await tx.execute(sql`update games set not_working = true where slug like 'varied-%' and split_part(slug, '-', 2)::int % 13 = 11`);
    await tx.execute(sql`
    insert into game_categories (game_id, category_slug, position)
    select g.id, (array[${sql.raw(categorySlugs.map((slug) => `'${slug}'`).join(','))}])[1 + ((g.id * k) % ${categorySlugs.length})], k - 1
    from games g cross join generate_series(1, 3) as k
    where g.slug like 'varied-%' and k <= 1 + g.id % 3
    on conflict do nothing`);
  });
}

const valuesOf = (values: readonly string[]) => sql.raw(`(array[${values.map((v) => `'${v}'`).join(',')}])`);

async function idOf(slug: string): Promise<number> {
  const [row] = await selectRows<{ id: number }>(t.database, sql`select id from games where slug = ${slug}`);
  return row!.id;
}

/** What the SQL reference answers: the page's ids in order, the total and the counts. */
async function fromSql(query: CatalogueQuery) {
  const page = await listGames(db(), query, baseUrl);
  return { ids: page.items.map((game) => game.id), total: page.total, facets: page.facets };
}

async function fromIndex(source: ReturnType<typeof createCatalogueSource>, query: CatalogueQuery) {
  const index = await source.index();
  const { total, facets } = index.counts(query);
  return { ids: index.pageIds(query), total, facets };
}

beforeAll(async () => {
  t = await createTestDatabase();
  await addVariedGames();
});
afterAll(() => t.destroy());

const someOf = <T>(values: readonly T[]) => fc.option(fc.subarray([...values], { minLength: 1, maxLength: 3 }), { nil: undefined });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const queries: fc.Arbitrary<CatalogueQuery> = fc.record({
  category: someOf(categorySlugs),
  exclude: someOf(categorySlugs),
  price: maybe(fc.constantFrom('free' as const, 'paid' as const)),
  minPrice: maybe(fc.constantFrom(0, 5, 10.99)),
  maxPrice: maybe(fc.constantFrom(20, 39.99)),
  minRating: maybe(fc.constantFrom(1, 2.5, 3.8, 4.5)),
  year: maybe(fc.integer({ min: 2014, max: 2026 })),
  aiRole: someOf(aiRoles),
  platform: someOf(platforms),
  runsOn: maybe(fc.constantFrom(...aiRunsOnValues)),
  offline: maybe(fc.boolean()),
  ownKey: maybe(fc.boolean()),
  moderated: maybe(fc.boolean()),
  made: maybe(fc.constantFrom(...aiGenerationValues)),
  provider: maybe(fc.constantFrom(...aiProviders)),
  inputGoes: maybe(fc.constantFrom(...aiInputDestinations)),
  playCost: maybe(fc.constantFrom(...aiPlayCosts)),
  noApiKey: maybe(fc.boolean()),
  showNotWorking: maybe(fc.boolean()),
  sort: maybe(fc.constantFrom(...catalogueSorts.filter((sort) => sort !== 'relevance'))),
  page: fc.integer({ min: 1, max: 4 }),
  pageSize: fc.constantFrom(5, 24, 100),
});

const everything: CatalogueQuery = { page: 1, pageSize: 100, sort: 'title' };

describe('the catalogue index', () => {
  it('answers every filter, sort and page exactly as the SQL does', async () => {
    const source = createCatalogueSource(db(), { baseUrl, gamesOrigin: 'http://*.games.localhost:3001' });
    await fc.assert(
      fc.asyncProperty(queries, async (query) => {
        expect(await fromIndex(source, query)).toEqual(await fromSql(query));
      }),
      { numRuns: 200 },
    );
  });

  it("answers one user's pages and counts, without the games they hid, as if those games were not listed", async () => {
    const origins = { baseUrl, gamesOrigin: 'http://*.games.localhost:3001' };
    const source = createCatalogueSource(db(), origins);
    // Each run's second index is built in memory from the listed games read once, as the source
    // builds its own (reading them from the database each time was most of this test's time).
    const every = { afterId: 0, limit: 100_000 };
    const [columns, texts] = [await selectColumnGames(db(), every), await selectGameTexts(db(), every)];
    const wholeIndex = () => {
      const index = new CatalogueIndex(new CatalogueBodies(db(), origins));
      for (const game of columns) index.put(game);
      for (const { id, text } of texts) index.putText(id, text);
      index.searchable = true;
      return index;
    };
    const withSearch = queries.chain((query) => fc.constantFrom(query, { ...query, q: 'lantern', sort: undefined }));
    const picks = fc.array(fc.nat(), { minLength: 1, maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(withSearch, picks, async (query, picked) => {
        const index = await source.index();
        // Games that count for this query: passing every filter, or all but the category or AI role filter.
        const first = { page: 1, pageSize: 100 };
        const candidates = [
          ...index.pageIds({ ...query, ...first }),
          ...index.pageIds({ ...query, ...first, category: undefined }),
          ...index.pageIds({ ...query, ...first, aiRole: undefined }),
          ...index.pageIds(everything),
        ];
        const hidden = new Set(picked.map((n) => candidates[n % candidates.length]!));
        const unlisted = wholeIndex();
        for (const id of hidden) unlisted.remove(id);
        expect({ ...index.counts(query, hidden), ids: index.pageIds(query, hidden) }).toEqual({
          ...unlisted.counts(query),
          ids: unlisted.pageIds(query),
        });
      }),
      { numRuns: 60 },
    );
  });

  it('finds every sample title with any two neighbouring letters of a word swapped, as the SQL does', async () => {
    const source = createCatalogueSource(db(), { baseUrl, gamesOrigin: 'http://*.games.localhost:3001' });
    const samples = await selectRows<{ id: number; title: string }>(
      t.database,
      sql`select id, title from games where status = 'published' and slug not like 'varied-%'`,
    );
    let swaps = 0;
    for (const { id, title } of samples) {
      for (const word of title.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []) {
        for (let i = 1; i < word.length; i++) {
          if (word[i] === word[i - 1]) continue;
          const q = title.replace(new RegExp(word, 'i'), word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1));
          const query: CatalogueQuery = { q, sort: 'title', page: 1, pageSize: 100 };
          const answer = await fromIndex(source, query);
          expect(answer.ids, q).toContain(id);
          expect(answer, q).toEqual(await fromSql(query));
          swaps++;
        }
      }
    }
    expect(swaps).toBeGreaterThan(100);
  });

  it("takes in a change the moment it is committed, even one made behind the app's back", async () => {
    const source = createCatalogueSource(db(), { baseUrl, gamesOrigin: 'http://*.games.localhost:3001' });
    const before = await fromIndex(source, everything);
    // Asked before the change, so the games passing its filter have to be forgotten.
    const freeOnly = { ...everything, price: 'free' as const };
    await fromIndex(source, freeOnly);
    await db().execute(sql`update games set price_amount = null where slug = 'varied-1'`);
    const freed = (await source.index()).counts(everything);
    expect(freed.facets.price).toEqual({ free: before.facets.price.free + 1, paid: before.facets.price.paid - 1 });
    expect(await fromIndex(source, freeOnly)).toEqual(await fromSql(freeOnly));

    await db().execute(sql`update games set status = 'pending' where slug = 'varied-2'`);
    expect((await fromIndex(source, everything)).total).toBe(before.total - 1);
    await db().execute(sql`update games set status = 'published' where slug = 'varied-17'`);
    await db().execute(sql`update games set play_count = 100000000 where slug = 'varied-5'`);
    await db().execute(sql`update games set title = 'Aardvark Oracle' where slug = 'varied-6'`);
    await db().execute(sql`delete from game_categories where game_id = ${await idOf('varied-7')} and position > 0`);
    for (const sort of catalogueSorts.filter((each) => each !== 'relevance')) {
      const query = { ...everything, sort };
      expect(await fromIndex(source, query)).toEqual(await fromSql(query));
    }
    expect((await fromIndex(source, { ...everything, sort: 'most-played' })).ids[0]).toBe(await idOf('varied-5'));
  });

  it('finds a game by its new title and screenshots once changed, and no longer by its old one', async () => {
    const source = createCatalogueSource(db(), { baseUrl, gamesOrigin: 'http://*.games.localhost:3001' });
    const id = await idOf('varied-8');
    const search = { q: 'quillmoth', page: 1, pageSize: 24 };
    // Asked before the change, so remembered answers have to be forgotten.
    expect((await source.index()).counts(search).total).toBe(0);
    expect((await source.index()).pageIds({ ...search, q: 'varied 8' })).toContain(id);
    await db().execute(sql`update games set title = 'Quillmoth Reverie' where id = ${id}`);
    await db().execute(sql`insert into game_media (game_id, position, path, alt) values (${id}, 0, '/media/x.svg', 'A moth')`);
    const index = await source.index();
    expect(index.counts(search).total).toBe(1);
    expect(index.pageIds(search)).toEqual([id]);
    expect(index.pageIds({ q: 'quilmoth', page: 1, pageSize: 24 })).toEqual([id]);
    expect(index.pageIds({ q: 'varied 8', page: 1, pageSize: 24 })).not.toContain(id);
    expect(JSON.parse((await index.gameJson(id))!).media).toEqual([{ path: '/media/x.svg', alt: 'A moth' }]);
  });

  it("answers a page's head from the list item its game page read kept, as the game changes, and nothing for an unlisted game", async () => {
    const source = createCatalogueSource(db(), { baseUrl, gamesOrigin: 'http://*.games.localhost:3001' });
    const id = await idOf('varied-12');
    const page = JSON.parse((await (await source.index({ search: false })).headJson(id))!);
    expect(page).toMatchObject({ title: 'Varied Neon 12', tagline: 'A varied game', descriptionHtml: expect.any(String) });
    // The page's read kept its list item: the next head needs no read, and shows the same.
    const kept = JSON.parse((await (await source.index({ search: false })).headJson(id))!);
    expect(kept.descriptionHtml).toBeUndefined();
    for (const field of ['title', 'tagline', 'description', 'image', 'imageAlt', 'developer', 'categories', 'playCount'])
      expect(kept[field], field).toEqual(page[field]);
    await db().execute(sql`update games set title = 'Varied Renamed 12' where id = ${id}`);
    expect(JSON.parse((await (await source.index({ search: false })).headJson(id))!).title).toBe('Varied Renamed 12');
    expect(await (await source.index({ search: false })).headJson(await idOf('varied-34'))).toBeUndefined();
  });

  it('reads everything again after a TRUNCATE, which names no game', async () => {
    const source = createCatalogueSource(db(), { baseUrl, gamesOrigin: 'http://*.games.localhost:3001' });
    const id = await idOf('varied-9');
    await db().execute(sql`insert into game_media (game_id, position, path, alt) values (${id}, 0, '/media/y.svg', 'A shot')`);
    expect(JSON.parse((await (await source.index()).gameJson(id))!).media).toHaveLength(1);
    const last = await changePositionNow(db());
    await db().execute(sql`truncate game_media`);
    expect((await changesSince(db(), last, 10)).changes).toEqual([expect.objectContaining({ gameId: null })]);
    expect(JSON.parse((await (await source.index()).gameJson(id))!).media).toEqual([]);
  });

  it('notes a change to a game, its categories and its screenshots, and nothing for a change that rolled back', async () => {
    const id = await idOf('varied-10');
    const last = await changePositionNow(db());
    await db().execute(sql`update games set tagline = 'Changed' where id = ${id}`);
    await db().execute(sql`update game_categories set position = position where game_id = ${id}`);
    await db().execute(sql`insert into game_media (game_id, position, path, alt) values (${id}, 1, '/media/z.svg', 'Z')`);
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`update games set tagline = 'Never' where id = ${id}`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const { changes: noted } = await changesSince(db(), last, 100);
    expect(new Set(noted.map((change) => change.gameId))).toEqual(new Set([id]));
    expect(noted.length).toBeGreaterThanOrEqual(3);
    const [row] = await selectRows<{ tagline: string }>(t.database, sql`select tagline from games where id = ${id}`);
    expect(row!.tagline).toBe('Changed');
  });
});
