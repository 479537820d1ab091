import { and, eq, gt, sql } from 'drizzle-orm';
import type { PlayResult } from '../../../shared/games';
import { catalogueTopic, gameTopic } from '../../../shared/live';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { gamePlays, games } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { publish } from '../../live/publish';

const PLAY_COUNT_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts a play, at most once per user per game per hour, so refreshing the game does not
 * inflate its play count. Locks the game's row so two quick clicks cannot both count.
 */
export async function recordPlay(db: Db, actor: Actor, gameId: number): Promise<PlayResult> {
  return db.transaction(async (tx) => {
    const [game] = await tx
      .select({ playCount: games.playCount, playUrl: games.playUrl })
      .from(games)
      .where(and(eq(games.id, gameId), eq(games.status, 'published')))
      .for('update');
    if (!game) throw notFound(`No game with id ${gameId}`);
    const since = new Date(Date.now() - PLAY_COUNT_WINDOW_MS);
    const [recent] = await tx
      .select({ id: gamePlays.id })
      .from(gamePlays)
      .where(and(eq(gamePlays.gameId, gameId), eq(gamePlays.userId, actor.id), gt(gamePlays.playedAt, since)))
      .limit(1);
    if (recent) return { counted: false, playCount: game.playCount, playUrl: game.playUrl };
    await tx.insert(gamePlays).values({ gameId, userId: actor.id });
    const [updated] = await tx
      .update(games)
      .set({ playCount: sql`${games.playCount} + 1`, recentPlays: sql`${games.recentPlays} + 1` })
      .where(eq(games.id, gameId))
      .returning({ playCount: games.playCount });
    const playCount = updated?.playCount ?? game.playCount + 1;
    await publish(tx, gameTopic(gameId), { change: 'stats', playCount });
    await publish(tx, catalogueTopic, { gameId, change: 'stats' });
    return { counted: true, playCount, playUrl: game.playUrl };
  });
}

/** Where Play takes a visitor, who plays without being counted: the listed game's own play address. */
export async function playAddressOf(db: Db, gameId: number): Promise<string> {
  const [game] = await db
    .select({ playUrl: games.playUrl })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.status, 'published')));
  if (!game) throw notFound(`No game with id ${gameId}`);
  return game.playUrl;
}
