import { and, count, desc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import type { FollowState } from '../../../shared/follows';
import type { Actor } from '../../auth/session';
import { type CatalogueIndex, requirePublishedGame } from '../../catalogue';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import type { PageRequest } from '../../db/paging';
import { preparedStatement } from '../../db/prepared';
import { gameFollows, games, makerFollows, users } from '../../db/schema';
import { invalidArgument, notFound } from '../../http/app-error';
import type { LiveHub } from '../../live/hub';
import { hiddenGameIds } from '../not-interested';

async function requireMaker(db: Db, makerId: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, makerId));
  if (!user) throw notFound(`No maker with id ${makerId}`);
}

export async function followMaker(db: Db, actor: Actor, makerId: string): Promise<FollowState> {
  if (makerId === actor.id) throw invalidArgument("You can't follow yourself");
  await requireMaker(db, makerId);
  await db.insert(makerFollows).values({ followerId: actor.id, makerId }).onConflictDoNothing();
  return makerFollowState(db, actor, makerId);
}

export async function unfollowMaker(db: Db, actor: Actor, makerId: string): Promise<FollowState> {
  await db.delete(makerFollows).where(and(eq(makerFollows.followerId, actor.id), eq(makerFollows.makerId, makerId)));
  return makerFollowState(db, actor, makerId);
}

/** Anyone may see how many follow a maker; only a signed-in viewer can be following. */
export async function makerFollowState(db: Db, viewer: Actor | null, makerId: string): Promise<FollowState> {
  await requireMaker(db, makerId);
  const [row] = await db
    .select({
      followers: count(),
      following: sql<boolean>`coalesce(bool_or(${makerFollows.followerId} = ${viewer?.id ?? ''}), false)`,
    })
    .from(makerFollows)
    .where(eq(makerFollows.makerId, makerId));
  return { followers: row?.followers ?? 0, following: Boolean(row?.following) };
}

export async function followGame(db: Db, actor: Actor, gameId: number): Promise<FollowState> {
  await requirePublishedGame(db, gameId);
  await db.insert(gameFollows).values({ followerId: actor.id, gameId }).onConflictDoNothing();
  return gameFollowState(db, actor, gameId);
}

export async function unfollowGame(db: Db, actor: Actor, gameId: number): Promise<FollowState> {
  await db.delete(gameFollows).where(and(eq(gameFollows.followerId, actor.id), eq(gameFollows.gameId, gameId)));
  return gameFollowState(db, actor, gameId);
}

export async function gameFollowState(db: Db, viewer: Actor | null, gameId: number): Promise<FollowState> {
  await requirePublishedGame(db, gameId);
  return gameFollowCounts(db, viewer, gameId);
}

/**
 * How many follow the game, and whether this follower does: columns for any statement about the
 * game, so that a page's other facts can come in the same query.
 */
export const gameFollowColumns = (gameId: number | Placeholder, followerId: string | Placeholder | null) => ({
  followers: sql<number>`(select count(*) from ${gameFollows} where ${gameFollows.gameId} = ${gameId})::int`,
  following:
    followerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${gameFollows} where ${gameFollows.gameId} = ${gameId} and ${gameFollows.followerId} = ${followerId})`,
});

/** The follow state read through `gameFollowColumns` (none when there was no row). */
export const followStateOf = (row: { followers: number; following: boolean } | undefined): FollowState => ({
  followers: row?.followers ?? 0,
  following: Boolean(row?.following),
});

/** How many follow a game already known to be listed, and whether the viewer does (never when signed out). */
export async function gameFollowCounts(db: Db, viewer: Actor | null, gameId: number): Promise<FollowState> {
  const [row] = await db
    .select(gameFollowColumns(gameId, viewer?.id ?? null))
    .from(games)
    .where(eq(games.id, gameId));
  return followStateOf(row);
}

/**
 * The games a user follows and the games of the makers they follow, most recently updated
 * first: each set read by its index, ids only (their cards come from the catalogue). An OR of
 * the two as a filter on `games` made PostgreSQL read every game.
 */
const followedGamesRecentFirst = preparedStatement((db) => {
  const followerId = sql.placeholder('followerId');
  const owned = alias(games, 'owned');
  const followed = union(
    db
      .select({ id: owned.id })
      .from(owned)
      .innerJoin(makerFollows, eq(makerFollows.makerId, owned.ownerId))
      .where(eq(makerFollows.followerId, followerId)),
    db.select({ id: gameFollows.gameId }).from(gameFollows).where(eq(gameFollows.followerId, followerId)),
  );
  return db
    .select({ id: games.id })
    .from(games)
    .where(inArray(games.id, followed))
    .orderBy(descending(games.updatedAt), desc(games.id))
    .prepare('followed_games_recent_first');
});

/**
 * A page of the Following feed: listed games by followed makers and followed games, the latest
 * change first, without those the actor said "Not interested" to; as JSON of
 * followingFeedSchema's shape.
 */
export async function followingFeedJson(db: Db, live: LiveHub, index: CatalogueIndex, actor: Actor, page: PageRequest): Promise<string> {
  const [rows, hidden] = await Promise.all([
    followedGamesRecentFirst(db).execute({ followerId: actor.id }),
    hiddenGameIds(db, live, actor),
  ]);
  return index.pageOfJson(
    rows.map((row) => row.id),
    page,
    hidden,
  );
}

/** Who follows the maker (for a new game) or the game (for an update). */
export async function followersOf(db: Db, about: { makerId: string } | { gameId: number }): Promise<string[]> {
  const rows =
    'makerId' in about
      ? await db.select({ id: makerFollows.followerId }).from(makerFollows).where(eq(makerFollows.makerId, about.makerId))
      : await db.select({ id: gameFollows.followerId }).from(gameFollows).where(eq(gameFollows.gameId, about.gameId));
  return rows.map((row) => row.id);
}
