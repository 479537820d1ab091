import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiRoles, aiRunsOnValues, type CatalogueQuery } from '../../../shared/catalogue';
import { categorySlugs } from '../../../shared/categories';
import { catalogueTopic } from '../../../shared/live';
import { selectRows } from '../../db/client';
import { games } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { publish } from '../live/publish';
import { createFacetSource } from './facet-source';
import { whereOf } from './catalogue-sql';
import { catalogueFacets, type FacetsAndTotal } from './facets';

let t: TestDatabase;
const db = () => t.database.db;

/** 400 more games with every facet value spread among them, some unlisted, some with few categories. */
async function addVariedGames() {
  await db().execute(sql`
    insert into games (slug, title, tagline, description, image_path, image_alt, price_amount, release_date,
      developer, status, ai_roles, ai_runs_on, ai_works_offline, ai_needs_own_key, ai_output_moderated, ratings_1, ratings_5)
    select 'varied-' || n, 'Varied ' || (array['Neon', 'Oracle', 'Harbour', 'Lantern'])[1 + n % 4] || ' ' || n,
      'A varied game', 'Made to test facet counts.', '/covers/humfield.svg', 'Cover',
      case when n % 3 = 0 then null else (n % 40) + 0.99 end,
      make_date(2015 + n % 11, 1 + n % 12, 1 + n % 28), 'Studio ' || n % 7,
      case when n % 17 = 0 then 'pending' else 'published' end,
      (array[${sql.raw(aiRoles.map((role) => `'${role}'`).join(','))}])[1 + n % ${aiRoles.length}:1 + (n / 3) % ${aiRoles.length}],
      (array['device', 'cloud', 'both'])[1 + n % 3], n % 2 = 0, n % 5 = 0, n % 4 <> 0, n % 9, (n * 7) % 23
    from generate_series(1, 400) as n`);
  await db().execute(sql`
    insert into game_categories (game_id, category_slug, position)
    select g.id, (array[${sql.raw(categorySlugs.map((slug) => `'${slug}'`).join(','))}])[1 + ((g.id * k) % ${categorySlugs.length})], k - 1
    from games g cross join generate_series(1, 3) as k
    where g.slug like 'varied-%' and k <= 1 + g.id % 3
    on conflict do nothing`);
}

const withoutIds = ({ few: _few, ...counts }: FacetsAndTotal) => counts;

const everything: CatalogueQuery = { page: 1, pageSize: 24 };

async function idOf(slug: string): Promise<number> {
  const [row] = await selectRows<{ id: number }>(t.database, sql`select id from games where slug = ${slug}`);
  return row!.id;
}

/** A write and its catalogue event in one transaction, as every service (on any instance) makes them. */
async function changeAndPublish(change: ReturnType<typeof sql>, event: Record<string, unknown>) {
  await db().transaction(async (tx) => {
    await tx.execute(change);
    await publish(tx, catalogueTopic, event);
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  await addVariedGames();
});
afterAll(() => t.destroy());

const someOf = <T>(values: readonly T[]) => fc.option(fc.subarray([...values], { minLength: 1, maxLength: 3 }), { nil: undefined });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const queries: fc.Arbitrary<CatalogueQuery> = fc.record({
  q: maybe(fc.constantFrom('neon', 'oracel', 'harbour lantern', 'varied 12', 'humfeild')),
  category: someOf(categorySlugs),
  exclude: someOf(categorySlugs),
  price: maybe(fc.constantFrom('free' as const, 'paid' as const)),
  minPrice: maybe(fc.constantFrom(0, 5, 10.99)),
  maxPrice: maybe(fc.constantFrom(20, 39.99)),
  minRating: maybe(fc.constantFrom(1, 2.5, 3.8, 4.5)),
  year: maybe(fc.integer({ min: 2014, max: 2026 })),
  aiRole: someOf(aiRoles),
  runsOn: maybe(fc.constantFrom(...aiRunsOnValues)),
  offline: maybe(fc.boolean()),
  ownKey: maybe(fc.boolean()),
  moderated: maybe(fc.boolean()),
  page: fc.constant(1),
  pageSize: fc.constant(24),
});

describe('facet counts from memory', () => {
  it('equal the SQL counts for any filters', async () => {
    const source = createFacetSource(db());
    await fc.assert(
      fc.asyncProperty(queries, async (query) => {
        const { few, ...counts } = await source.counts(query);
        expect(counts).toEqual(await catalogueFacets(db(), query));
        // This catalogue is small enough that the matching games always come back by id.
        const matching = await db().select({ id: games.id }).from(games).where(whereOf(query));
        expect(few!.sort((a, b) => a - b)).toEqual(matching.map((row) => row.id).sort((a, b) => a - b));
      }),
      { numRuns: 150 },
    );
  });

  it('count a change the moment its catalogue event is committed, whichever instance made it', async () => {
    const source = createFacetSource(db());
    const before = await source.counts(everything);
    await changeAndPublish(sql`update games set price_amount = null where slug = 'varied-1'`, { gameId: await idOf('varied-1'), change: 'price' });
    const freed = await source.counts(everything);
    expect(freed.facets.price).toEqual({ free: before.facets.price.free + 1, paid: before.facets.price.paid - 1 });

    await changeAndPublish(sql`update games set status = 'pending' where slug = 'varied-2'`, { gameId: await idOf('varied-2'), kind: 'game-unpublished' });
    expect((await source.counts(everything)).total).toBe(before.total - 1);
    await changeAndPublish(sql`update games set status = 'published' where slug = 'varied-17'`, { gameId: await idOf('varied-17'), kind: 'game-published' });
    expect(withoutIds(await source.counts(everything))).toEqual(await catalogueFacets(db(), everything));
  });

  it('re-read everything on a catalogue event that names no game', async () => {
    const source = createFacetSource(db());
    const before = await source.counts(everything);
    await changeAndPublish(sql`update games set ai_works_offline = not ai_works_offline where slug = 'varied-3'`, { kind: 'bulk-change' });
    const after = await source.counts(everything);
    expect(after.facets.offline).not.toEqual(before.facets.offline);
    expect(withoutIds(after)).toEqual(await catalogueFacets(db(), everything));
  });

  it('leave plays-only events aside, and pick up changes made behind the app\'s back once the copy is too old', async () => {
    const source = createFacetSource(db(), 300);
    const before = await source.counts(everything);
    // A change with no event of its own (psql, a script): plays-only events do not re-read.
    await db().execute(sql`update games set ai_needs_own_key = not ai_needs_own_key where slug = 'varied-4'`);
    await changeAndPublish(sql`select 1`, { gameId: await idOf('varied-4'), change: 'stats' });
    expect((await source.counts(everything)).facets.ownKey).toEqual(before.facets.ownKey);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(withoutIds(await source.counts(everything))).toEqual(await catalogueFacets(db(), everything));
  });
});
