import { and, count, eq, sql } from 'drizzle-orm';
import { STATS_DAYS, type GameStats } from '../../../shared/submissions';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { games, reviews } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { shownReview } from '../reviews';

type DayRow = { date: string; plays: number; favourites: number };

/**
 * Plays and new favourites per day (UTC) over the last 30 days, with rating and reviews: the
 * maker's own game only. The rating and its count are the histogram's, as the game page shows
 * them; the review count is the reviews the page lists (neither held nor by a banned member:
 * decision 0061).
 */
export async function gameStats(db: Db, actor: Actor, gameId: number): Promise<GameStats> {
  const [game] = await db
    .select({ id: games.id, rating: games.rating, ratingCount: games.ratingCount, featured: games.featured, status: games.status })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.ownerId, actor.id)));
  if (!game) throw notFound(`You have no game with id ${gameId}`);
  const [days, [reviewTotals]] = await Promise.all([
    db.execute<DayRow>(sql`
      with days as (
        select to_char(local_day, 'YYYY-MM-DD') as "date",
          local_day at time zone 'utc' as starts,
          (local_day + interval '1 day') at time zone 'utc' as ends
        from generate_series(
          date_trunc('day', now() at time zone 'utc') - ${`${STATS_DAYS - 1} days`}::interval,
          date_trunc('day', now() at time zone 'utc'),
          interval '1 day') as local_day)
      select "date",
        (select count(*)::int from game_plays p
          where p.game_id = ${gameId} and p.played_at >= starts and p.played_at < ends) as "plays",
        (select count(*)::int from favourites f
          where f.game_id = ${gameId} and f.created_at >= starts and f.created_at < ends) as "favourites"
      from days order by "date"`),
    db
      .select({ total: count() })
      .from(reviews)
      .where(and(eq(reviews.gameId, gameId), shownReview)),
  ]);
  return {
    gameId,
    featured: game.featured,
    listed: game.status === 'published',
    rating: game.rating,
    ratingCount: game.ratingCount,
    reviewCount: reviewTotals?.total ?? 0,
    days: rowsOf<DayRow>(days as { rows: DayRow[] } | DayRow[]).map((row) => ({
      date: row.date,
      plays: Number(row.plays),
      favourites: Number(row.favourites),
    })),
  };
}

function rowsOf<T>(result: { rows: T[] } | T[]): T[] {
  return Array.isArray(result) ? result : result.rows;
}
