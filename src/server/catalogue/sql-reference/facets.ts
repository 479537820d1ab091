import { and, sql, type SQL } from 'drizzle-orm';
import { aiGenerationValues, aiInputDestinations, aiPlayCosts, aiProviders } from '../../../shared/ai-disclosure-values';
import { aiRoles, aiRunsOnValues, platforms, type CatalogueQuery } from '../../../shared/catalogue';
import { categorySlugs } from '../../../shared/categories';
import type { Db } from '../../db/client';
import { disclosureFact, games } from '../../db/schema';
import type { FacetsAndTotal } from '../catalogue-counts';
import { baseWhere, facetCondition, facetKeys, noApiKeyCost, type FacetKey } from './catalogue-sql';

type Counts = Record<string, number>;
interface FacetRow {
  facet: FacetKey;
  key: string | null;
  n: number;
}

const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

const okColumn = (key: FacetKey) => sql.identifier(`ok_${key}`);

/** What each facet groups the matching games by (a column of the `matching` set). */
const facetGroups: Record<FacetKey, { key: SQL; from?: SQL }> = {
  category: { key: sql`gc.category_slug`, from: sql`join game_categories gc on gc.game_id = matching.id` },
  price: { key: sql`case when free then 'free' else 'paid' end` },
  aiRole: { key: sql`role`, from: sql`cross join lateral unnest(matching.roles) as role` },
  runsOn: { key: sql`runs_on` },
  offline: { key: sql`offline::text` },
  ownKey: { key: sql`own_key::text` },
  moderated: { key: sql`moderated::text` },
  year: { key: sql`year::text` },
  platform: { key: sql`platform`, from: sql`cross join lateral unnest(matching.platforms) as platform` },
  made: { key: sql`made` },
  provider: { key: sql`provider` },
  inputGoes: { key: sql`input_goes` },
  playCost: { key: sql`play_cost` },
  noApiKey: { key: sql`no_api_key::text` },
  notWorking: { key: sql`not_working::text` },
};

/**
 * One statement, one pass: the games that pass the filters every facet shares are gathered
 * once, with a flag per active facet filter; each facet then counts the rows whose other
 * flags all hold. A game failing two facet filters counts nowhere, so it is left out early.
 */
export function facetStatement(query: CatalogueQuery): SQL {
  const active = facetKeys.flatMap((key) => {
    const condition = facetCondition(query, key);
    return condition ? [{ key, condition }] : [];
  });
  const flags = active.map(({ key, condition }) => sql`, (${condition}) as ${okColumn(key)}`);
  const failures = sql.join(
    active.map(({ condition }) => sql`(case when ${condition} then 0 else 1 end)`),
    sql` + `,
  );
  const where = and(baseWhere(query), active.length > 1 ? sql`(${failures}) <= 1` : undefined);
  const counts = facetKeys.map((facet) => {
    const others = active.filter(({ key }) => key !== facet).map(({ key }) => sql`${okColumn(key)}`);
    const { key, from } = facetGroups[facet];
    return sql`select ${sql.raw(`'${facet}'`)}::text as facet, ${key} as key, count(*)::int as n
      from matching ${from ?? sql``}
      ${others.length ? sql`where ${sql.join(others, sql` and `)}` : sql``}
      group by 2`;
  });
  return sql`with matching as materialized (
    select ${games.id} as id, ${games.priceAmount} is null as free, ${games.aiRoles} as roles,
      ${games.aiRunsOn} as runs_on, ${games.aiWorksOffline} as offline, ${games.aiNeedsOwnKey} as own_key,
      ${games.aiOutputModerated} as moderated, extract(year from ${games.releaseDate})::int as year,
      ${games.platforms} as platforms, ${disclosureFact('generation')} as made, ${disclosureFact('provider')} as provider,
      ${disclosureFact('inputGoesTo')} as input_goes, ${disclosureFact('cost')} as play_cost, ${noApiKeyCost} as no_api_key,
      ${games.notWorking} as not_working
      ${sql.join(flags, sql``)}
    from ${games} where ${where}
  ) ${sql.join(counts, sql` union all `)}`;
}

const yesNo = (counts: Counts) => ({ true: counts.true ?? 0, false: counts.false ?? 0 });

/**
 * How many games each option would give, and the total. Each facet applies every other
 * filter but its own, so ticking an option turns its count into the new total; and since
 * every game is free or paid, the price counts give the total itself.
 */
export async function catalogueFacets(db: Db, query: CatalogueQuery): Promise<FacetsAndTotal> {
  const { rows } = (await db.execute(facetStatement(query))) as unknown as { rows: FacetRow[] };
  const grouped = Object.fromEntries(facetKeys.map((key) => [key, {} as Counts])) as Record<FacetKey, Counts>;
  for (const row of rows) grouped[row.facet][String(row.key)] = Number(row.n);
  const price = { free: grouped.price.free ?? 0, paid: grouped.price.paid ?? 0 };
  return {
    facets: {
      category: { ...zeroes(categorySlugs), ...grouped.category },
      price,
      aiRole: { ...zeroes(aiRoles), ...grouped.aiRole },
      runsOn: { ...zeroes(aiRunsOnValues), ...grouped.runsOn },
      platform: { ...zeroes(platforms), ...grouped.platform },
      offline: yesNo(grouped.offline),
      ownKey: yesNo(grouped.ownKey),
      moderated: yesNo(grouped.moderated),
      made: { ...zeroes(aiGenerationValues), ...grouped.made },
      provider: { ...zeroes(aiProviders), ...grouped.provider },
      inputGoes: { ...zeroes(aiInputDestinations), ...grouped.inputGoes },
      playCost: { ...zeroes(aiPlayCosts), ...grouped.playCost },
      noApiKey: yesNo(grouped.noApiKey),
      notWorking: yesNo(grouped.notWorking),
      year: grouped.year,
    },
    total: query.price ? price[query.price] : price.free + price.paid,
  };
}
