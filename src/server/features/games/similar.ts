import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Game } from '../../../shared/games';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { selectGames, toGame } from './service';

/**
 * Games like this one: shared categories weigh most, then shared AI roles and how it runs,
 * then how alike the taglines and descriptions read (trigram similarity).
 */
export async function similarGames(db: Db, gameId: number, limit: number, baseUrl: string): Promise<Game[]> {
  const [source] = await db
    .select({ tagline: games.tagline, aiRoles: games.aiRoles, aiRunsOn: games.aiRunsOn })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.status, 'published')));
  if (!source) throw notFound(`No game with id ${gameId}`);
  const score = sql`(
    2 * (select count(*) from game_categories a join game_categories b on a.category_slug = b.category_slug
         where a.game_id = ${gameId} and b.game_id = "games"."id")
    + cardinality(array(select unnest(${games.aiRoles}) intersect select unnest(${sql.param(source.aiRoles)}::text[])))
    + case when ${games.aiRunsOn} = ${source.aiRunsOn} then 0.5 else 0 end
    + 2 * similarity(${games.tagline}, ${source.tagline}))`;
  const rows = await selectGames(db)
    .where(and(eq(games.status, 'published'), ne(games.id, gameId)))
    .orderBy(sql`${score} desc`, desc(games.weightedRating), desc(games.id))
    .limit(limit);
  return rows.map((row) => toGame(row, baseUrl));
}
