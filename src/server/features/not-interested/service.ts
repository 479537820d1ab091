import { and, count, eq } from 'drizzle-orm';
import type { HiddenGamesPage, HiddenMakersPage, HiddenState } from '../../../shared/not-interested';
import type { Actor } from '../../auth/session';
import { requirePublishedGame } from '../../catalogue';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { pageOf, type PageRequest } from '../../db/paging';
import { games, hiddenGames, hiddenMakers, users } from '../../db/schema';
import { invalidArgument, notFound } from '../../http/app-error';
import { writeMemberFacts } from '../../live/kept-per-member';

/** On the member's topic: every instance forgets what it kept of their choices (hidden-sets.ts). */
const CHOICE_EVENT = { kind: 'not-interested' };

/** Hides a listed game from the actor's lists, search and home. */
export async function hideGame(db: Db, actor: Actor, gameId: number): Promise<HiddenState> {
  await requirePublishedGame(db, gameId);
  await writeMemberFacts(db, actor.id, CHOICE_EVENT, (tx) =>
    tx.insert(hiddenGames).values({ userId: actor.id, gameId }).onConflictDoNothing(),
  );
  return { hidden: true };
}

/** Shows a game again; a game the actor never hid is fine, one that is not listed is 404. */
export async function showGame(db: Db, actor: Actor, gameId: number): Promise<HiddenState> {
  const removed = await writeMemberFacts(db, actor.id, CHOICE_EVENT, (tx) =>
    tx
      .delete(hiddenGames)
      .where(and(eq(hiddenGames.userId, actor.id), eq(hiddenGames.gameId, gameId)))
      .returning({ id: hiddenGames.gameId }),
  );
  if (removed.length === 0) await requirePublishedGame(db, gameId);
  return { hidden: false };
}

async function requireMaker(db: Db, makerId: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, makerId));
  if (!user) throw notFound(`No maker with id ${makerId}`);
}

/** Hides every game of a maker from the actor's lists, search and home. */
export async function hideMaker(db: Db, actor: Actor, makerId: string): Promise<HiddenState> {
  if (makerId === actor.id) throw invalidArgument("You can't hide your own games");
  await requireMaker(db, makerId);
  await writeMemberFacts(db, actor.id, CHOICE_EVENT, (tx) =>
    tx.insert(hiddenMakers).values({ userId: actor.id, makerId }).onConflictDoNothing(),
  );
  return { hidden: true };
}

export async function showMaker(db: Db, actor: Actor, makerId: string): Promise<HiddenState> {
  const removed = await writeMemberFacts(db, actor.id, CHOICE_EVENT, (tx) =>
    tx
      .delete(hiddenMakers)
      .where(and(eq(hiddenMakers.userId, actor.id), eq(hiddenMakers.makerId, makerId)))
      .returning({ id: hiddenMakers.makerId }),
  );
  if (removed.length === 0) await requireMaker(db, makerId);
  return { hidden: false };
}

/** The listed games the actor hid, the latest first (hidden_games_user_created_idx). */
export async function listHiddenGames(db: Db, actor: Actor, page: PageRequest): Promise<HiddenGamesPage> {
  const mine = and(eq(hiddenGames.userId, actor.id), eq(games.status, 'published'));
  return pageOf(
    db
      .select({ id: games.id, slug: games.slug, title: games.title, developer: games.developer, hiddenAt: hiddenGames.createdAt })
      .from(hiddenGames)
      .innerJoin(games, eq(games.id, hiddenGames.gameId))
      .where(mine)
      .orderBy(descending(hiddenGames.createdAt), descending(hiddenGames.gameId))
      .$dynamic(),
    db.select({ total: count() }).from(hiddenGames).innerJoin(games, eq(games.id, hiddenGames.gameId)).where(mine),
    page,
    (row) => ({ ...row, id: String(row.id), hiddenAt: row.hiddenAt.toISOString() }),
  );
}

/** The makers the actor hid, the latest first (hidden_makers_user_created_idx). */
export async function listHiddenMakers(db: Db, actor: Actor, page: PageRequest): Promise<HiddenMakersPage> {
  const mine = eq(hiddenMakers.userId, actor.id);
  return pageOf(
    db
      .select({ id: users.id, name: users.name, hiddenAt: hiddenMakers.createdAt })
      .from(hiddenMakers)
      .innerJoin(users, eq(users.id, hiddenMakers.makerId))
      .where(mine)
      .orderBy(descending(hiddenMakers.createdAt), descending(hiddenMakers.makerId))
      .$dynamic(),
    db.select({ total: count() }).from(hiddenMakers).where(mine),
    page,
    (row) => ({ ...row, hiddenAt: row.hiddenAt.toISOString() }),
  );
}
