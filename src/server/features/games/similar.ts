import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Game } from '../../../shared/games';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { selectGames, toGame } from './service';

/** How many of the newest games of each of this game's categories are scored. */
const CANDIDATES_PER_CATEGORY = 100;

/**
 * Games like this one: shared categories weigh most, then shared AI roles and how it runs,
 * then how alike the taglines read (trigram similarity). Only the newest games of each of
 * its categories are scored (read from the category index), so the answer costs the same
 * in a catalogue of any size.
 */
export async function similarGames(db: Db, gameId: number, limit: number, baseUrl: string): Promise<Game[]> {
  const [source] = await db
    .select({ tagline: games.tagline, aiRoles: games.aiRoles, aiRunsOn: games.aiRunsOn })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.status, 'published')));
  if (!source) throw notFound(`No game with id ${gameId}`);
  const candidates = sql`(select recent.game_id from game_categories mine
    cross join lateral (select gc.game_id from game_categories gc
      where gc.category_slug = mine.category_slug and gc.game_id <> ${gameId}
      order by gc.game_id desc limit ${CANDIDATES_PER_CATEGORY}) recent
    where mine.game_id = ${gameId})`;
  const score = sql`(
    2 * (select count(*) from game_categories a join game_categories b on a.category_slug = b.category_slug
         where a.game_id = ${gameId} and b.game_id = "games"."id")
    + cardinality(array(select unnest(${games.aiRoles}) intersect select unnest(${sql.param(source.aiRoles)}::text[])))
    + case when ${games.aiRunsOn} = ${source.aiRunsOn} then 0.5 else 0 end
    + 2 * similarity(${games.tagline}, ${source.tagline}))`;
  const rows = await selectGames(db)
    .where(and(eq(games.status, 'published'), ne(games.id, gameId), sql`${games.id} in ${candidates}`))
    .orderBy(sql`${score} desc`, desc(games.weightedRating), desc(games.id))
    .limit(limit);
  return rows.map((row) => toGame(row, baseUrl));
}
