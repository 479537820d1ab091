import { and, asc, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { noApiKeyCosts } from '../../../shared/ai-disclosure-values';
import { defaultCatalogueSort, type CatalogueQuery, type CatalogueSort } from '../../../shared/catalogue';
import { descending } from '../../db/order';
import { disclosureFact, games } from '../../db/schema';
import { typoSpellingsOf } from '../../db/typo-similarity';

/** The filters that have facet counts; each facet's counts leave out its own filter. */
export const facetKeys = [
  'category',
  'price',
  'aiRole',
  'runsOn',
  'offline',
  'ownKey',
  'moderated',
  'year',
  'platform',
  'made',
  'provider',
  'inputGoes',
  'playCost',
  'noApiKey',
  'notWorking',
] as const;

/** The play costs that need no API key of the player's. */
export const noApiKeyCost = sql`${disclosureFact('cost')} in ${noApiKeyCosts as string[]}`;
export type FacetKey = (typeof facetKeys)[number];

/** A free game costs 0. */
const effectivePrice = sql`coalesce(${games.priceAmount}, 0)`;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Words of a search, safe to put in a tsquery, each matching as a prefix (search as you type). */
function prefixQuery(text: string): string | undefined {
  const words = wordsOf(text);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

/**
 * Near-misses of the title: every word of the search, as typed or with two adjacent letters
 * swapped (typoSpellingsOf), has a word similarity of at least pg_trgm.word_similarity_threshold
 * to the title, which each connection sets to TYPO_SIMILARITY (db/typo-similarity.ts). The `<%`
 * operator, unlike a call to word_similarity(), lets the title's trigram index find them; word
 * by word, the index intersects the words.
 */
function typoMatch(text: string): SQL | undefined {
  const words = wordsOf(text);
  const spellingMatch = (word: string) =>
    sql.join(
      typoSpellingsOf(word).map((spelling) => sql`${spelling} <% ${games.title}`),
      sql` or `,
    );
  return words.length > 0 ? and(...words.map((word) => sql`(${spellingMatch(word)})`)) : undefined;
}

export function searchMatch(text: string): SQL {
  const prefix = prefixQuery(text);
  const typo = typoMatch(text);
  return sql`(${games.search} @@ websearch_to_tsquery('english', ${text})
    ${prefix ? sql`or ${games.search} @@ to_tsquery('english', ${prefix})` : sql``}
    ${typo ? sql`or (${typo})` : sql``})`;
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
    query.minPrice !== undefined ? sql`${effectivePrice} >= ${query.minPrice}` : undefined,
    query.maxPrice !== undefined ? sql`${effectivePrice} <= ${query.maxPrice}` : undefined,
    query.minRating !== undefined ? gte(games.rating, query.minRating) : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
}

export function facetCondition(query: CatalogueQuery, key: FacetKey): SQL | undefined {
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
    case 'platform':
      return query.platform?.length ? sql`${games.platforms} && ${sql.param(query.platform)}::text[]` : undefined;
    case 'made':
      return query.made ? sql`${disclosureFact('generation')} = ${query.made}` : undefined;
    case 'provider':
      return query.provider ? sql`${disclosureFact('provider')} = ${query.provider}` : undefined;
    case 'inputGoes':
      return query.inputGoes ? sql`${disclosureFact('inputGoesTo')} = ${query.inputGoes}` : undefined;
    case 'playCost':
      return query.playCost ? sql`${disclosureFact('cost')} = ${query.playCost}` : undefined;
    case 'noApiKey':
      return query.noApiKey === undefined ? undefined : query.noApiKey ? noApiKeyCost : sql`not ${noApiKeyCost}`;
    case 'notWorking':
      return query.showNotWorking ? undefined : eq(games.notWorking, false);
    case 'year':
      return query.year !== undefined
        ? and(gte(games.releaseDate, `${query.year}-01-01`), lte(games.releaseDate, `${query.year}-12-31`))
        : undefined;
  }
}

/** The filters every facet's counts apply (all but the facets' own). */
export function baseWhere(query: CatalogueQuery): SQL | undefined {
  return and(...baseConditions(query));
}

/** Every filter of the query. */
export function whereOf(query: CatalogueQuery): SQL | undefined {
  return and(...baseConditions(query), ...facetKeys.map((key) => facetCondition(query, key)));
}

export function orderOf(query: CatalogueQuery): SQL[] {
  const sort: CatalogueSort = query.sort ?? defaultCatalogueSort(query.q);
  switch (sort) {
    case 'relevance':
      return [sql`${searchRank(query.q ?? '')} desc`, descending(games.id)];
    case 'top-rated':
      return [descending(games.weightedRating), descending(games.id)];
    case 'most-played':
      return [descending(games.playCount), descending(games.id)];
    case 'trending':
      return [descending(games.recentPlays), descending(games.playCount), descending(games.id)];
    case 'newest':
      return [descending(games.createdAt), descending(games.id)];
    case 'release-date':
      return [descending(games.releaseDate), descending(games.id)];
    case 'title':
      return [asc(games.title), asc(games.id)];
    case 'price':
      return [sql`${effectivePrice} asc`, asc(games.id)];
    case 'price-desc':
      return [sql`${effectivePrice} desc`, desc(games.id)];
  }
}
