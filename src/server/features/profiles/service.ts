import { and, count, eq } from 'drizzle-orm';
import { userTopic } from '../../../shared/live';
import type { OwnProfile, ProfileInput, ProfileListQuery, PublicProfile } from '../../../shared/profiles';
import { uploadIdFromPath } from '../../../shared/uploads';
import type { Actor } from '../../auth/session';
import { requireGoodStanding } from '../../auth/standing';
import { selectGames, toGame } from '../../catalogue';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { pageOf } from '../../db/paging';
import { games, profiles, reportHolds, reviews, uploads, users } from '../../db/schema';
import { invalidArgument, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';

const profileColumns = {
  id: users.id,
  name: users.name,
  username: users.username,
  image: users.image,
  banned: users.banned,
  createdAt: users.createdAt,
  bio: profiles.bio,
  website: profiles.website,
  latitude: profiles.latitude,
  longitude: profiles.longitude,
  links: profiles.links,
};

async function findProfile(db: Db, userId: string) {
  const [row] = await db.select(profileColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId));
  return row;
}

export async function getOwnProfile(db: Db, actor: Actor): Promise<OwnProfile> {
  const row = await findProfile(db, actor.id);
  if (!row) throw notFound('No such user');
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    bio: row.bio ?? '',
    website: row.website ?? '',
    latitude: row.latitude,
    longitude: row.longitude,
    links: row.links ?? [],
  };
}

/** A new picture must be one the user uploaded themselves; keeping the current one is always fine. */
async function checkImage(db: Db, actor: Actor, image: string | null): Promise<void> {
  if (image === null) return;
  const [current] = await db.select({ image: users.image }).from(users).where(eq(users.id, actor.id));
  if (current?.image === image) return;
  const [upload] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, uploadIdFromPath(image) ?? ''), eq(uploads.userId, actor.id)));
  if (!upload) throw invalidArgument('The picture must be an image you uploaded');
}

/** Saves profile setup: all of it or, when anything is wrong, none of it. */
export async function updateProfile(db: Db, actor: Actor, input: ProfileInput): Promise<OwnProfile> {
  requireGoodStanding(actor);
  await checkImage(db, actor, input.image);
  const now = new Date();
  const fields = {
    bio: input.bio,
    website: input.website,
    latitude: input.latitude,
    longitude: input.longitude,
    links: input.links,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx.update(users).set({ name: input.name, image: input.image, updatedAt: now }).where(eq(users.id, actor.id));
    await tx
      .insert(profiles)
      .values({ userId: actor.id, ...fields })
      .onConflictDoUpdate({ target: profiles.userId, set: fields });
    await publish(tx, userTopic(actor.id), { kind: 'profile' });
  });
  return getOwnProfile(db, actor);
}

/** A profile enough members reported is not public until a moderator decides (decision 0058). */
async function profileHeld(db: Db, userId: string): Promise<boolean> {
  const [held] = await db
    .select({ at: reportHolds.heldAt })
    .from(reportHolds)
    .where(and(eq(reportHolds.targetKind, 'profile'), eq(reportHolds.targetId, userId)));
  return held !== undefined;
}

/** What anyone may see of a user: never the e-mail, phone number or location. */
export async function getPublicProfile(db: Db, userId: string): Promise<PublicProfile> {
  const [row, held] = await Promise.all([findProfile(db, userId), profileHeld(db, userId)]);
  if (!row || row.banned || held) throw notFound('No such member');
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    image: row.image,
    bio: row.bio ?? '',
    website: row.website ?? '',
    links: row.links ?? [],
    memberSince: row.createdAt.toISOString(),
  };
}

export async function listUserGames(db: Db, userId: string, { page, pageSize }: ProfileListQuery, baseUrl: string) {
  await getPublicProfile(db, userId);
  const theirs = and(eq(games.ownerId, userId), eq(games.status, 'published'));
  return pageOf(
    selectGames(db).where(theirs).orderBy(descending(games.updatedAt), descending(games.id)).$dynamic(),
    db.select({ total: count() }).from(games).where(theirs),
    { page, pageSize },
    (row) => ({ ...toGame(row, baseUrl), id: String(row.id) }),
  );
}

export async function listUserReviews(db: Db, userId: string, { page, pageSize }: ProfileListQuery) {
  await getPublicProfile(db, userId);
  const theirs = and(eq(reviews.userId, userId), eq(reviews.held, false), eq(games.status, 'published'));
  return pageOf(
    db
      .select({
        id: reviews.id,
        gameId: reviews.gameId,
        gameTitle: games.title,
        stars: reviews.stars,
        body: reviews.body,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(games, eq(games.id, reviews.gameId))
      .where(theirs)
      .orderBy(descending(reviews.createdAt), descending(reviews.id))
      .$dynamic(),
    db.select({ total: count() }).from(reviews).innerJoin(games, eq(games.id, reviews.gameId)).where(theirs),
    { page, pageSize },
    (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
  );
}
