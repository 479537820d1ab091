import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { SignupStep, UserRole } from '../../../shared/accounts';
import { reservedUsernames, usernameSchema } from '../../../shared/accounts';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { pageOf } from '../../db/paging';
import { users } from '../../db/schema';
import { AppError } from '../../http/app-error';

export async function usernameAvailability(db: Db, username: string) {
  const parsed = usernameSchema.safeParse(username);
  if (!parsed.success) {
    return { username, available: false, message: parsed.error.issues[0]?.message ?? 'Not a valid username' };
  }
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.username, parsed.data));
  return taken ? { username, available: false, message: 'That username is taken' } : { username, available: true };
}

export async function completeSignup(db: Db, actor: Actor, step: SignupStep): Promise<Actor> {
  if (actor.signupComplete) throw new AppError('failed-precondition', 'Sign-up is already complete.');
  if (reservedUsernames.includes(step.username)) throw new AppError('invalid-argument', 'That username is reserved');
  const now = new Date();
  try {
    const updated = await db
      .update(users)
      .set({ username: step.username, displayUsername: step.username, termsAcceptedAt: now, signupCompletedAt: now, updatedAt: now })
      .where(and(eq(users.id, actor.id), isNull(users.signupCompletedAt)))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError('failed-precondition', 'Sign-up is already complete.');
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('already-exists', 'That username is taken');
    throw error;
  }
  return { ...actor, username: step.username, signupComplete: true };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function listUsers(db: Db, page: number, pageSize: number) {
  return pageOf(
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        username: users.username,
        role: users.role,
        banned: users.banned,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(asc(users.createdAt), asc(users.id))
      .$dynamic(),
    db.select({ total: count() }).from(users),
    { page, pageSize },
    (row) => ({ ...row, createdAt: row.createdAt.toISOString() }),
  );
}

/** Sets a user's role by e-mail (the `user:role` command); false when nobody has it. */
export async function setRoleByEmail(db: Db, email: string, role: UserRole): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .returning({ id: users.id });
  return updated.length > 0;
}
