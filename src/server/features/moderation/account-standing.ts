import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import { catalogueTopic, gameTopic, userTopic } from '../../../shared/live';
import type { RestrictedAccounts } from '../../../shared/reports';
import type { Actor } from '../../auth/session';
import { suspendedMessage } from '../../auth/standing';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { pageOf } from '../../db/paging';
import { documents, games, moderationDecisions, publicListDocument, reviewReplies, reviews, sessions, users } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';
import { setListPublic } from '../documents';
import { setGameListed } from './holds';

const DAY_MS = 86_400_000;

export const OWN_ACCOUNT_MESSAGE = "You can't suspend, ban or reinstate your own account.";
export const STAFF_ACCOUNT_MESSAGE = 'Only an admin can suspend or ban a moderator or an admin.';

export interface Member {
  id: string;
  name: string;
  role: string;
  banned: boolean;
}

/** The account a moderator acts on, if this moderator may act on it. */
export async function accountToActOn(db: Db, actor: Actor, userId: string): Promise<Member> {
  const [member] = await db
    .select({ id: users.id, name: users.name, role: users.role, banned: users.banned })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw notFound('No such member');
  if (member.id === actor.id) throw new AppError('permission-denied', OWN_ACCOUNT_MESSAGE);
  if (member.role !== 'user' && actor.role !== 'admin') throw new AppError('permission-denied', STAFF_ACCOUNT_MESSAGE);
  return member;
}

/** Suspends a member for `days` from now: they read but do not post (auth/standing.ts). */
export async function suspend(tx: Db, userId: string, days: number, reason: string): Promise<Date> {
  const until = new Date(Date.now() + days * DAY_MS);
  await tx.update(users).set({ suspendedUntil: until, suspensionReason: reason, updatedAt: new Date() }).where(eq(users.id, userId));
  return until;
}

/** What a ban took off the site that lifting it puts back (kept on the ban's decision row). */
export interface BanKept {
  /** The games a ban unlisted. */
  games?: number[];
  /** The public lists a ban made private. */
  lists?: string[];
}

/** Makes the member's public lists private, so every reader of lists (pages, previews, the sitemap) drops them. */
async function hideLists(tx: Db, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: documents.documentId })
    .from(documents)
    .where(and(publicListDocument, sql`${documents.data} ->> 'ownerId' = ${userId}`));
  for (const { id } of rows) await setListPublic(tx, id, false);
  return rows.map(({ id }) => id);
}

/** Tells readers of the games the member reviewed or replied on that the reviews shown there changed. */
async function announceReviewsOf(tx: Db, userId: string): Promise<void> {
  const rows = await tx
    .selectDistinct({ gameId: reviews.gameId })
    .from(reviews)
    .where(
      or(
        eq(reviews.userId, userId),
        sql`exists (select 1 from ${reviewReplies} rr where rr.review_id = ${reviews.id} and rr.maker_id = ${userId})`,
      ),
    );
  for (const { gameId } of rows) await publish(tx, gameTopic(gameId), { change: 'reviews' });
}

/**
 * Bans a member: every session ends, sign-in is refused (Better Auth's admin plugin reads the same
 * column), their profile, reviews and replies are hidden (they read `banned`), their public lists
 * are made private and their listed games are unlisted (decision 0061).
 */
export async function ban(tx: Db, userId: string, reason: string): Promise<BanKept> {
  await tx.update(users).set({ banned: true, banReason: reason, banExpires: null, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  const unlisted = await tx
    .update(games)
    .set({ status: 'draft', featured: false, updatedAt: new Date() })
    .where(and(eq(games.ownerId, userId), eq(games.status, 'published')))
    .returning({ id: games.id });
  for (const { id } of unlisted) await publish(tx, catalogueTopic, { kind: 'game-unpublish', gameId: id });
  const lists = await hideLists(tx, userId);
  await announceReviewsOf(tx, userId);
  await publish(tx, userTopic(userId), { kind: 'standing' });
  return { games: unlisted.map(({ id }) => id), lists };
}

/** Lifts a suspension and a ban; `kept` (a ban's) lists its games and makes its lists public again. */
export async function reinstate(tx: Db, userId: string, kept: BanKept | null = null): Promise<void> {
  await tx
    .update(users)
    .set({ banned: false, banReason: null, banExpires: null, suspendedUntil: null, suspensionReason: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
  for (const gameId of kept?.games ?? []) await setGameListed(tx, gameId, true);
  for (const listId of kept?.lists ?? []) await setListPublic(tx, listId, true);
  if (kept) await announceReviewsOf(tx, userId);
  await publish(tx, userTopic(userId), { kind: 'standing' });
}

/** What the member's latest ban took away, to put back when it is lifted from the account list. */
export async function lastBanKept(tx: Db, userId: string): Promise<BanKept | null> {
  const [decision] = await tx
    .select({ kept: moderationDecisions.kept })
    .from(moderationDecisions)
    .where(and(eq(moderationDecisions.authorId, userId), eq(moderationDecisions.action, 'ban')))
    .orderBy(descending(moderationDecisions.createdAt), descending(moderationDecisions.id))
    .limit(1);
  return (decision?.kept as BanKept | null | undefined) ?? null;
}

export const suspensionNotice = (until: Date, reason: string) => suspendedMessage({ until: until.toISOString(), reason });

/** Suspended and banned accounts, most recently restricted first, for `/moderation`. */
export async function restrictedAccounts(db: Db, page: number, pageSize: number): Promise<RestrictedAccounts> {
  const restricted = or(eq(users.banned, true), gt(users.suspendedUntil, sql`now()`));
  return pageOf(
    db
      .select({
        id: users.id,
        name: users.name,
        username: users.username,
        banned: users.banned,
        banReason: users.banReason,
        until: users.suspendedUntil,
        reason: users.suspensionReason,
      })
      .from(users)
      .where(restricted)
      .orderBy(descending(users.updatedAt), descending(users.id))
      .$dynamic(),
    db.select({ total: count() }).from(users).where(restricted),
    { page, pageSize },
    (row) => ({
      id: row.id,
      name: row.name,
      username: row.username,
      standing: row.banned ? ('banned' as const) : ('suspended' as const),
      until: row.banned ? null : (row.until?.toISOString() ?? null),
      reason: (row.banned ? row.banReason : row.reason) ?? '',
    }),
  );
}
