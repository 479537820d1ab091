import { and, eq } from 'drizzle-orm';
import { gameTopic } from '../../../shared/live';
import type { Db } from '../../db/client';
import { gameUpdates, games } from '../../db/schema';
import { publish } from '../../live/publish';

/** A removed update as a moderator's decision keeps it, so that an overturned appeal can put it back. */
export interface KeptUpdate {
  id: number;
  gameId: number;
  makerId: string | null;
  title: string;
  body: string;
  aiModel: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An update as the report queue shows it: the maker is its author. Only of a listed game. */
export async function findUpdate(db: Db, updateId: number) {
  const [row] = await db
    .select({ update: gameUpdates, gameTitle: games.title })
    .from(gameUpdates)
    .innerJoin(games, and(eq(games.id, gameUpdates.gameId), eq(games.status, 'published')))
    .where(eq(gameUpdates.id, updateId));
  return row;
}

/** A moderator's removal of an update: gone from the page, the feed and followers' lists. */
export async function removeUpdate(tx: Db, updateId: number): Promise<KeptUpdate | undefined> {
  const [removed] = await tx.delete(gameUpdates).where(eq(gameUpdates.id, updateId)).returning();
  if (!removed) return undefined;
  await publish(tx, gameTopic(removed.gameId), { change: 'updates' });
  const { id, gameId, makerId, title, body, aiModel } = removed;
  return {
    id,
    gameId,
    makerId,
    title,
    body,
    aiModel,
    createdAt: removed.createdAt.toISOString(),
    updatedAt: removed.updatedAt.toISOString(),
  };
}

/** Puts a removed update back; false when its game is gone. */
export async function restoreUpdate(tx: Db, kept: KeptUpdate): Promise<boolean> {
  const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.id, kept.gameId));
  if (!game) return false;
  const [restored] = await tx
    .insert(gameUpdates)
    .values({ ...kept, createdAt: new Date(kept.createdAt), updatedAt: new Date(kept.updatedAt) })
    .onConflictDoNothing()
    .returning({ id: gameUpdates.id });
  if (!restored) return false;
  await publish(tx, gameTopic(kept.gameId), { change: 'updates' });
  return true;
}

/** Hides an update pending a moderator's decision, or shows it again (decision 0058). */
export async function setUpdateHeld(tx: Db, updateId: number, held: boolean): Promise<void> {
  const [changed] = await tx
    .update(gameUpdates)
    .set({ held })
    .where(eq(gameUpdates.id, updateId))
    .returning({ gameId: gameUpdates.gameId });
  if (changed) await publish(tx, gameTopic(changed.gameId), { change: 'updates' });
}
