import { and, asc, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { defaultCatalogueSort, type CatalogueQuery, type CatalogueSort } from '../../../shared/catalogue';
import { games } from '../../db/schema';

/** The filters that have facet counts; each facet's counts leave out its own filter. */
export const facetKeys = ['category', 'price', 'aiRole', 'runsOn', 'offline', 'ownKey', 'moderated', 'year'] as const;
export type FacetKey = (typeof facetKeys)[number];

/** Words of a search, safe to put in a tsquery, each matching as a prefix (search as you type). */
function prefixQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

const TYPO_SIMILARITY = 0.4;

export function searchMatch(text: string): SQL {
  const prefix = prefixQuery(text);
  return sql`(${games.search} @@ websearch_to_tsquery('english', ${text})
    ${prefix ? sql`or ${games.search} @@ to_tsquery('english', ${prefix})` : sql``}
    or word_similarity(${text}, ${games.title}) >= ${TYPO_SIMILARITY})`;
}

/** Exact title first, then full words, then prefixes and near-misses (typos). */
export function searchRank(text: string): SQL {
  const prefix = prefixQuery(text);
  return sql`(case when lower(${games.title}) = lower(${text}) then 10 else 0 end
    + ts_rank_cd(${games.search}, websearch_to_tsquery('english', ${text}))
    ${prefix ? sql`+ 0.5 * ts_rank_cd(${games.search}, to_tsquery('english', ${prefix}))` : sql``}
    + word_similarity(${text}, ${games.title}))`;
}

const inAnyCategory = (slugs: string[]) =>
  sql`exists (select 1 from game_categories gc where gc.game_id = "games"."id" and gc.category_slug in ${slugs})`;

/** Conditions every answer obeys (status, search, exclusions, price range, rating). */
function baseConditions(query: CatalogueQuery): SQL[] {
  return [
    eq(games.status, 'published'),
    query.q ? searchMatch(query.q) : undefined,
    query.exclude?.length ? sql`not ${inAnyCategory(query.exclude)}` : undefined,
    query.minPrice !== undefined ? sql`coalesce(${games.priceAmount}, 0) >= ${query.minPrice}` : undefined,
    query.maxPrice !== undefined ? sql`coalesce(${games.priceAmount}, 0) <= ${query.maxPrice}` : undefined,
    query.minRating !== undefined ? gte(games.rating, query.minRating) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

function facetCondition(query: CatalogueQuery, key: FacetKey): SQL | undefined {
  switch (key) {
    case 'category':
      return query.category?.length ? inAnyCategory(query.category) : undefined;
    case 'price':
      if (!query.price) return undefined;
      return query.price === 'free' ? isNull(games.priceAmount) : isNotNull(games.priceAmount);
    case 'aiRole':
      return query.aiRole?.length ? sql`${games.aiRoles} && ${sql.param(query.aiRole)}::text[]` : undefined;
    case 'runsOn':
      return query.runsOn ? eq(games.aiRunsOn, query.runsOn) : undefined;
    case 'offline':
      return query.offline !== undefined ? eq(games.aiWorksOffline, query.offline) : undefined;
    case 'ownKey':
      return query.ownKey !== undefined ? eq(games.aiNeedsOwnKey, query.ownKey) : undefined;
    case 'moderated':
      return query.moderated !== undefined ? eq(games.aiOutputModerated, query.moderated) : undefined;
    case 'year':
      return query.year !== undefined
        ? and(gte(games.releaseDate, `${query.year}-01-01`), lte(games.releaseDate, `${query.year}-12-31`))
        : undefined;
  }
}

/** Every filter of the query, or every one but a facet's own (for that facet's counts). */
export function whereOf(query: CatalogueQuery, except?: FacetKey): SQL | undefined {
  const facets = facetKeys.filter((key) => key !== except).map((key) => facetCondition(query, key));
  return and(...baseConditions(query), ...facets);
}

const TRENDING_DAYS = 7;
const recentPlays = sql`(select count(*) from game_plays gp
  where gp.game_id = "games"."id" and gp.played_at > now() - make_interval(days => ${TRENDING_DAYS}))`;

export function orderOf(query: CatalogueQuery): SQL[] {
  const sort: CatalogueSort = query.sort ?? defaultCatalogueSort(query.q);
  const price = sql`coalesce(${games.priceAmount}, 0)`;
  switch (sort) {
    case 'relevance':
      return [sql`${searchRank(query.q ?? '')} desc`, desc(games.id)];
    case 'top-rated':
      return [desc(games.weightedRating), desc(games.id)];
    case 'most-played':
      return [desc(games.playCount), desc(games.id)];
    case 'trending':
      return [sql`${recentPlays} desc`, desc(games.playCount), desc(games.id)];
    case 'newest':
      return [desc(games.createdAt), desc(games.id)];
    case 'release-date':
      return [desc(games.releaseDate), desc(games.id)];
    case 'title':
      return [asc(games.title), asc(games.id)];
    case 'price':
      return [sql`${price} asc`, asc(games.id)];
    case 'price-desc':
      return [sql`${price} desc`, desc(games.id)];
  }
}

