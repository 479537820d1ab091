import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import { catalogueTopic, userTopic } from '../../../shared/live';
import type { RestrictedAccounts } from '../../../shared/reports';
import type { Actor } from '../../auth/session';
import { suspendedMessage } from '../../auth/standing';
import type { Db } from '../../db/client';
import { games, sessions, users } from '../../db/schema';
import { descending } from '../../db/order';
import { pageOf } from '../../db/paging';
import { AppError, notFound } from '../../http/app-error';
import { publish } from '../../live/publish';

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
  const [member] = await db.select({ id: users.id, name: users.name, role: users.role, banned: users.banned }).from(users).where(eq(users.id, userId));
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

/**
 * Bans a member: every session ends, sign-in is refused (Better Auth's admin plugin reads the same
 * column), their profile and lists are hidden (they read `banned`), and their listed games are unlisted.
 */
export async function ban(tx: Db, userId: string, reason: string): Promise<void> {
  await tx.update(users).set({ banned: true, banReason: reason, banExpires: null, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  const unlisted = await tx
    .update(games)
    .set({ status: 'draft', featured: false, updatedAt: new Date() })
    .where(and(eq(games.ownerId, userId), eq(games.status, 'published')))
    .returning({ id: games.id });
  for (const { id } of unlisted) await publish(tx, catalogueTopic, { kind: 'game-unpublish', gameId: id });
  await publish(tx, userTopic(userId), { kind: 'standing' });
}

/** Lifts a suspension and a ban. Games a ban unlisted stay unlisted: their maker submits them again. */
export async function reinstate(tx: Db, userId: string): Promise<void> {
  await tx.update(users).set({ banned: false, banReason: null, banExpires: null, suspendedUntil: null, suspensionReason: null, updatedAt: new Date() }).where(eq(users.id, userId));
  await publish(tx, userTopic(userId), { kind: 'standing' });
}

export const suspensionNotice = (until: Date, reason: string) => suspendedMessage({ until: until.toISOString(), reason });

/** Suspended and banned accounts, most recently restricted first, for `/moderation`. */
export async function restrictedAccounts(db: Db, page: number, pageSize: number): Promise<RestrictedAccounts> {
  const restricted = or(eq(users.banned, true), gt(users.suspendedUntil, sql`now()`));
  return pageOf(
    db
      .select({ id: users.id, name: users.name, username: users.username, banned: users.banned, banReason: users.banReason, until: users.suspendedUntil, reason: users.suspensionReason })
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
