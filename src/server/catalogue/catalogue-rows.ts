import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { games } from '../db/schema';
import type { ColumnGame } from './catalogue-columns';
import type { SearchableText } from './search/search-index';

/** Which listed games to read: these ids, or the next batch after `afterId` in id order. */
export type WhichGames = { ids: number[] } | { afterId: number; limit: number };

const published = eq(games.status, 'published');

/** A game's filter and sort fields as the database sends them, in columnGameOf's order. */
type ColumnTuple = [
  id: number,
  priceAmount: number | null,
  rating: number,
  weightedRating: number,
  playCount: number,
  recentPlays: number,
  releaseDate: string,
  createdAtMs: number,
  title: string,
  categories: string[],
  aiRoles: string[],
  aiRunsOn: string,
  aiWorksOffline: boolean,
  aiNeedsOwnKey: boolean,
  aiOutputModerated: boolean,
  platforms: string[],
  aiMade: string,
  aiProvider: string,
  aiInputGoes: string,
  aiPlayCost: string,
  notWorking: boolean,
];

const columnGameOf = ([
  id,
  priceAmount,
  rating,
  weightedRating,
  playCount,
  recentPlays,
  releaseDate,
  createdAtMs,
  title,
  categories,
  aiRoles,
  aiRunsOn,
  aiWorksOffline,
  aiNeedsOwnKey,
  aiOutputModerated,
  platforms,
  aiMade,
  aiProvider,
  aiInputGoes,
  aiPlayCost,
  notWorking,
]: ColumnTuple): ColumnGame => ({
  id,
  priceAmount,
  rating,
  weightedRating,
  playCount,
  recentPlays,
  releaseDate,
  // Milliseconds, as a Date read by the driver holds them.
  createdAt: new Date(createdAtMs),
  title,
  categories,
  aiRoles,
  aiRunsOn,
  aiWorksOffline,
  aiNeedsOwnKey,
  aiOutputModerated,
  platforms,
  aiMade,
  aiProvider,
  aiInputGoes,
  aiPlayCost,
  notWorking,
});

const searchFields = {
  id: games.id,
  title: games.title,
  tagline: games.tagline,
  description: games.description,
  developer: games.developer,
  aiModelFamily: games.aiModelFamily,
  searchKeywords: games.searchKeywords,
};

/** One filterable fact of the disclosure of `g`, a fact it lacks not stated (as schema's disclosureFact). */
const factOfG = (fact: string) => sql.raw(`coalesce(g.ai_disclosure ->> '${fact}', 'not-stated')`);

const whereListed = (which: WhichGames) => and(published, 'ids' in which ? inArray(games.id, which.ids) : gt(games.id, which.afterId));
const limitOf = (which: WhichGames) => ('ids' in which ? which.ids.length : which.limit);

/**
 * What filters, counts and sorts read of listed games (no text but the title). A batch comes as
 * one JSON array of arrays: parsing it costs the server about a third of parsing as many rows.
 */
export async function selectColumnGames(db: Db, which: WhichGames): Promise<ColumnGame[]> {
  const { rows } = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(
      g.id, g.price_amount, g.rating, g.weighted_rating, g.play_count, g.recent_plays, g.release_date,
      floor(extract(epoch from g.created_at) * 1000), g.title,
      array(select gc.category_slug from game_categories gc where gc.game_id = g.id order by gc.position),
      g.ai_roles, g.ai_runs_on, g.ai_works_offline, g.ai_needs_own_key, g.ai_output_moderated, g.platforms,
      ${factOfG('generation')}, ${factOfG('provider')}, ${factOfG('inputGoesTo')}, ${factOfG('cost')}, g.not_working
    ) order by g.id), '[]') as "games"
    from (select * from ${games} where ${whereListed(which)} order by ${games.id} limit ${limitOf(which)}) g`)) as unknown as {
    rows: { games: ColumnTuple[] }[];
  };
  return rows[0]!.games.map(columnGameOf);
}

export interface GameText {
  id: number;
  text: SearchableText;
}

/** What search finds in listed games. */
export async function selectGameTexts(db: Db, which: WhichGames): Promise<GameText[]> {
  const rows = await db.select(searchFields).from(games).where(whereListed(which)).orderBy(asc(games.id)).limit(limitOf(which));
  return rows.map((row) => ({
    id: row.id,
    text: {
      title: row.title,
      tagline: row.tagline,
      description: row.description,
      developer: `${row.developer} ${row.aiModelFamily}`,
      categoryNames: [row.searchKeywords],
    },
  }));
}

/** Reads every listed game in batches of `batchSize` by id (keyset), handing each batch to `take`. */
export async function readAllInBatches<T extends { id: number }>(
  read: (which: WhichGames) => Promise<T[]>,
  batchSize: number,
  take: (batch: T[]) => void | false,
): Promise<void> {
  for (let afterId = 0; ;) {
    const batch = await read({ afterId, limit: batchSize });
    if (take(batch) === false || batch.length < batchSize) return;
    afterId = batch.at(-1)!.id;
  }
}
