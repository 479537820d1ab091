import { and, count, eq, getTableColumns, inArray, not, sql, type Placeholder } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { gameTopic } from '../../../shared/live';
import { renderMarkdown } from '../../../shared/markdown';
import {
  UPDATES_PER_GAME_PER_DAY,
  type FollowedUpdatePage,
  type GameUpdate,
  type GameUpdatePage,
  type UpdateInput,
} from '../../../shared/updates';
import type { Actor } from '../../auth/session';
import { requireGoodStanding } from '../../auth/standing';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { pageOf, type PageRequest } from '../../db/paging';
import { gameFollows, gameUpdates, games, limitCounters, makerFollows, users } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';
import { notifyFollowers } from '../follows';
import type { NewNotification } from '../notifications';

export const NOT_THE_MAKER_MESSAGE = "Only the game's maker can post updates about it.";
export const DAILY_LIMIT_MESSAGE = `A game can have at most ${UPDATES_PER_GAME_PER_DAY} updates a day (UTC). Post again tomorrow, or edit one you posted today.`;

type UpdateRow = typeof gameUpdates.$inferSelect;

/** What posting an update tells followers, for the caller to e-mail once it committed. */
export interface Posted {
  update: GameUpdate;
  followers: { notification: NewNotification; email: string[] };
}

export const toGameUpdate = (row: UpdateRow): GameUpdate => ({
  id: row.id,
  gameId: row.gameId,
  title: row.title,
  body: row.body,
  bodyHtml: renderMarkdown(row.body),
  aiModel: row.aiModel,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  edited: row.updatedAt.getTime() > row.createdAt.getTime(),
});

const columnsOf = (input: UpdateInput) => ({ title: input.title, body: input.body, aiModel: input.aiChanged ? input.aiModel : null });
const newestFirst = [descending(gameUpdates.createdAt), descending(gameUpdates.id)];

/** A listed game and its maker; 404 for any other. */
async function listedGame(db: Db, gameId: number) {
  const [game] = await db
    .select({ id: games.id, title: games.title, ownerId: games.ownerId, makerName: users.name })
    .from(games)
    .leftJoin(users, eq(users.id, games.ownerId))
    .where(and(eq(games.id, gameId), eq(games.status, 'published')));
  if (!game) throw notFound(`No game with id ${gameId}`);
  return game;
}

/**
 * Counts one post against the game's allowance for this UTC day, in the shared counters' table,
 * inside the posting transaction: instances sharing a database share the count, a refused or
 * failed post counts nothing, and deleting a post gives nothing back (decision 0066).
 */
async function takeTodaysAllowance(tx: Db, gameId: number): Promise<void> {
  const key = sql`${`game-updates:${gameId}:`} || to_char(now() at time zone 'utc', 'YYYY-MM-DD')`;
  const endOfDay = sql`(date_trunc('day', now() at time zone 'utc') + interval '1 day') at time zone 'utc'`;
  const taken = await tx
    .insert(limitCounters)
    .values({ key: key, count: 1, expiresAt: endOfDay })
    .onConflictDoUpdate({
      target: limitCounters.key,
      set: { count: sql`${limitCounters.count} + 1` },
      setWhere: sql`${limitCounters.count} < ${UPDATES_PER_GAME_PER_DAY}`,
    })
    .returning({ count: limitCounters.count });
  if (taken.length === 0) throw new AppError('resource-exhausted', DAILY_LIMIT_MESSAGE);
}

/** The maker posts an update about their listed game; its followers and the maker's hear of it. */
export async function postUpdate(db: Db, actor: Actor, gameId: number, input: UpdateInput): Promise<Posted> {
  requireGoodStanding(actor);
  return db.transaction(async (tx) => {
    const game = await listedGame(tx, gameId);
    if (game.ownerId !== actor.id) throw new AppError('permission-denied', NOT_THE_MAKER_MESSAGE);
    await takeTodaysAllowance(tx, gameId);
    const [row] = await tx
      .insert(gameUpdates)
      .values({ gameId, makerId: actor.id, ...columnsOf(input) })
      .returning();
    const followers = await notifyFollowers(tx, {
      kind: 'update-posted',
      gameId,
      title: game.title,
      makerId: actor.id,
      makerName: game.makerName ?? 'The maker',
      updateId: row!.id,
    });
    await publish(tx, gameTopic(gameId), { change: 'updates' });
    return { update: toGameUpdate(row!), followers };
  });
}

/** The maker's own update of a listed game, locked for a change; 404 or 403 otherwise. */
async function ownUpdate(tx: Db, actor: Actor, updateId: number) {
  const [row] = await tx
    .select({ makerId: gameUpdates.makerId, gameId: gameUpdates.gameId })
    .from(gameUpdates)
    .innerJoin(games, and(eq(games.id, gameUpdates.gameId), eq(games.status, 'published')))
    .where(eq(gameUpdates.id, updateId))
    .for('update', { of: gameUpdates });
  if (!row) throw notFound(`No update with id ${updateId}`);
  if (row.makerId !== actor.id) throw new AppError('permission-denied', NOT_THE_MAKER_MESSAGE);
  return row;
}

export async function editUpdate(db: Db, actor: Actor, updateId: number, input: UpdateInput): Promise<GameUpdate> {
  requireGoodStanding(actor);
  return db.transaction(async (tx) => {
    const { gameId } = await ownUpdate(tx, actor, updateId);
    const [row] = await tx
      .update(gameUpdates)
      .set({ ...columnsOf(input), updatedAt: sql`greatest(now(), ${gameUpdates.updatedAt} + interval '1 millisecond')` })
      .where(eq(gameUpdates.id, updateId))
      .returning();
    await publish(tx, gameTopic(gameId), { change: 'updates' });
    return toGameUpdate(row!);
  });
}

export async function deleteUpdate(db: Db, actor: Actor, updateId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { gameId } = await ownUpdate(tx, actor, updateId);
    await tx.delete(gameUpdates).where(eq(gameUpdates.id, updateId));
    await publish(tx, gameTopic(gameId), { change: 'updates' });
  });
}

// `not held` as written, not a parameter: the partial index on shown updates then serves prepared statements too.
const shownOf = (gameId: number | Placeholder) => and(eq(gameUpdates.gameId, gameId), not(gameUpdates.held));

/** An update as newestUpdatesColumns reads it: its times as JSON text. */
type UpdateJsonRow = Omit<UpdateRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/**
 * The first page of a listed game's shown updates and how many there are, as columns of another
 * statement: a game page reads them with the viewer's facts, in one round trip. A `limit` of 0
 * reads none.
 */
export function newestUpdatesColumns(gameId: Placeholder, limit: Placeholder) {
  const shown = shownOf(gameId);
  const named = sql.join(
    Object.entries(getTableColumns(gameUpdates)).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const page = sql`select ${named} from ${gameUpdates} where ${shown}
    order by ${gameUpdates.createdAt} desc, ${gameUpdates.id} desc limit ${limit}`;
  return {
    newestUpdates: sql<
      UpdateJsonRow[]
    >`(select coalesce(json_agg(page order by page."createdAt" desc, page."id" desc), '[]'::json) from (${page}) as page)`,
    updateTotal: sql<number>`case when ${limit} > 0 then (select count(*) from ${gameUpdates} where ${shown})::int else 0 end`,
  };
}

/** newestUpdatesColumns' answer as the first page of the game's updates. */
export function newestUpdatePage(rows: UpdateJsonRow[], total: number, pageSize: number, yourGame: boolean): GameUpdatePage {
  const items = rows.map((row) => toGameUpdate({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) }));
  return { items, total, page: 1, pageSize, yourGame };
}

/** A listed game's shown updates, newest first (anyone); 404 for a game that is not listed. */
export async function listUpdates(db: Db, viewer: Actor | null, gameId: number, page: PageRequest): Promise<GameUpdatePage> {
  const game = await listedGame(db, gameId);
  const shown = await pageOf(
    db
      .select()
      .from(gameUpdates)
      .where(shownOf(gameId))
      .orderBy(...newestFirst)
      .$dynamic(),
    db.select({ total: count() }).from(gameUpdates).where(shownOf(gameId)),
    page,
    toGameUpdate,
  );
  return { ...shown, yourGame: viewer !== null && game.ownerId === viewer.id };
}

/** The newest shown updates of a game known to be listed (its feed). */
export async function newestUpdates(db: Db, gameId: number, limit: number): Promise<GameUpdate[]> {
  const rows = await db
    .select()
    .from(gameUpdates)
    .where(shownOf(gameId))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toGameUpdate);
}

/**
 * The Following feed's updates: shown updates of listed games the member follows, or whose maker
 * they follow, newest first. The two sets of games are read by their indexes and joined as one
 * list of ids, never an OR of subqueries on `games` (decision 0050).
 */
export async function followedUpdates(db: Db, actor: Actor, page: PageRequest): Promise<FollowedUpdatePage> {
  const followed = union(
    db
      .select({ id: games.id })
      .from(games)
      .innerJoin(makerFollows, eq(makerFollows.makerId, games.ownerId))
      .where(eq(makerFollows.followerId, actor.id)),
    db.select({ id: gameFollows.gameId }).from(gameFollows).where(eq(gameFollows.followerId, actor.id)),
  );
  const where = and(inArray(gameUpdates.gameId, followed), eq(gameUpdates.held, false), eq(games.status, 'published'));
  return pageOf(
    db
      .select({ update: gameUpdates, gameTitle: games.title })
      .from(gameUpdates)
      .innerJoin(games, eq(games.id, gameUpdates.gameId))
      .where(where)
      .orderBy(...newestFirst)
      .$dynamic(),
    db.select({ total: count() }).from(gameUpdates).innerJoin(games, eq(games.id, gameUpdates.gameId)).where(where),
    page,
    (row) => ({ ...toGameUpdate(row.update), gameTitle: row.gameTitle }),
  );
}
