import { APIError, getSessionFromCtx } from 'better-auth/api';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';

/** Without a password, deleting the account needs a sign-in at most this long ago. */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

type AuthContext = Parameters<typeof getSessionFromCtx>[0];

async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)));
  return credential !== undefined;
}

/**
 * A session cookie alone (a borrowed laptop, a stolen cookie) must not delete an account: the
 * password is asked for (Better Auth checks it), or, for accounts without one, a fresh sign-in.
 */
export async function requireReauthenticationToDelete(ctx: AuthContext, db: Db): Promise<void> {
  const session = await getSessionFromCtx(ctx);
  if (!session) return; // Better Auth answers 401 itself.
  const password = (ctx.body as { password?: unknown } | undefined)?.password;
  if (await hasPassword(db, session.user.id)) {
    if (typeof password === 'string' && password !== '') return;
    throw new APIError('BAD_REQUEST', { code: 'PASSWORD_REQUIRED', message: 'Enter your password to delete your account.' });
  }
  const signedInAt = new Date(session.session.createdAt).getTime();
  if (Date.now() - signedInAt <= RECENT_SIGN_IN_SECONDS * 1000) return;
  throw new APIError('FORBIDDEN', {
    code: 'RECENT_SIGN_IN_REQUIRED',
    message: 'For your safety, sign in again, then delete your account within 5 minutes.',
  });
}
