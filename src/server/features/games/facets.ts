import { count, sql, type SQL } from 'drizzle-orm';
import {
  aiRoles,
  aiRunsOnValues,
  type CatalogueFacets,
  type CatalogueQuery,
} from '../../../shared/catalogue';
import { categorySlugs } from '../../../shared/categories';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';
import { whereOf, type FacetKey } from './catalogue-sql';

type Counts = Record<string, number>;

const zeroes = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

async function countBy(db: Db, query: CatalogueQuery, facet: FacetKey, key: SQL, from?: SQL): Promise<Counts> {
  const rows = await db
    .select({ key: sql<string>`${key}`.as('key'), n: count() })
    .from(from ? sql`${games} ${from}` : games)
    .where(whereOf(query, facet))
    .groupBy(sql`1`);
  return Object.fromEntries(rows.map((row) => [String(row.key), row.n]));
}

const yesNo = (counts: Counts) => ({ true: counts.true ?? 0, false: counts.false ?? 0 });

/**
 * How many games each option would give. Each facet applies every other filter but its own,
 * so ticking an option turns its count into the new total.
 */
export async function catalogueFacets(db: Db, query: CatalogueQuery): Promise<CatalogueFacets> {
  const [category, price, aiRole, runsOn, offline, ownKey, moderated, year] = await Promise.all([
    countBy(db, query, 'category', sql`gc.category_slug`, sql`join game_categories gc on gc.game_id = "games"."id"`),
    countBy(db, query, 'price', sql`case when ${games.priceAmount} is null then 'free' else 'paid' end`),
    countBy(db, query, 'aiRole', sql`role`, sql`cross join lateral unnest(${games.aiRoles}) as role`),
    countBy(db, query, 'runsOn', sql`${games.aiRunsOn}`),
    countBy(db, query, 'offline', sql`${games.aiWorksOffline}::text`),
    countBy(db, query, 'ownKey', sql`${games.aiNeedsOwnKey}::text`),
    countBy(db, query, 'moderated', sql`${games.aiOutputModerated}::text`),
    countBy(db, query, 'year', sql`extract(year from ${games.releaseDate})::int::text`),
  ]);
  return {
    category: { ...zeroes(categorySlugs), ...category },
    price: { free: price.free ?? 0, paid: price.paid ?? 0 },
    aiRole: { ...zeroes(aiRoles), ...aiRole },
    runsOn: { ...zeroes(aiRunsOnValues), ...runsOn },
    offline: yesNo(offline),
    ownKey: yesNo(ownKey),
    moderated: yesNo(moderated),
    year,
  };
}
