import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { catalogueTopic } from '../../../shared/live';
import type { Db } from '../../db/client';
import { gamePlays, games } from '../../db/schema';
import { publish } from '../../live/publish';

/** "Trending" ranks games by their plays in this many last days. */
export const TRENDING_DAYS = 7;

/** Plays retired per transaction, so a sweep after a long pause never holds locks for long. */
const SWEEP_BATCH = 5_000;

// Any constant works; it only has to be the same for every instance.
const SWEEP_LOCK_KEY = 0x74726e64;

const windowStart = sql`now() - make_interval(days => ${TRENDING_DAYS})`;

/**
 * Retires plays that have grown older than the trending window, and recounts `recent_plays`
 * of each game that had one from the plays it still has inside the window. Returns how many
 * games changed. When another instance is already sweeping, this one leaves it to that one.
 */
export async function retireOldPlays(db: Db): Promise<number> {
  let changed = 0;
  for (;;) {
    const batch = await retireBatch(db);
    if (batch === null) return changed;
    changed += batch.games;
    if (batch.plays < SWEEP_BATCH) return changed;
  }
}

async function retireBatch(db: Db): Promise<{ plays: number; games: number } | null> {
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as "locked"`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!rows[0]?.locked) return null;
    const due = tx
      .select({ id: gamePlays.id })
      .from(gamePlays)
      .where(and(eq(gamePlays.countedAsRecent, true), lte(gamePlays.playedAt, windowStart)))
      .limit(SWEEP_BATCH);
    const retired = await tx
      .update(gamePlays)
      .set({ countedAsRecent: false })
      .where(inArray(gamePlays.id, due))
      .returning({ gameId: gamePlays.gameId });
    const gameIds = [...new Set(retired.map((play) => play.gameId))].sort((a, b) => a - b);
    if (gameIds.length === 0) return { plays: 0, games: 0 };
    // Locked first, so the recount below (a statement of its own, with a fresh snapshot) sees
    // any play recorded meanwhile: recordPlay holds the game's row until it commits.
    await tx.select({ id: games.id }).from(games).where(inArray(games.id, gameIds)).orderBy(games.id).for('update');
    await tx
      .update(games)
      .set({
        recentPlays: sql`(select count(*)::int from ${gamePlays}
          where ${gamePlays.gameId} = ${games.id} and ${gamePlays.countedAsRecent})`,
      })
      .where(inArray(games.id, gameIds));
    await publish(tx, catalogueTopic, { change: 'stats' });
    return { plays: retired.length, games: gameIds.length };
  });
}
