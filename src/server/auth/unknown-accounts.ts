import type { GenericEndpointContext } from 'better-auth';
import { isAPIError } from 'better-auth/api';
import type { SameWork } from './same-work';

// Better Auth answers for an unknown account with less work than for a registered one: it
// reads a found account's password in a query of its own, a phone sign-in hashes nothing, a
// reset reads the accounts and stores a token. What it leaves out is done here (decision 0052).

interface PasswordSignIn {
  field: 'email' | 'username' | 'phoneNumber';
  /** How Better Auth reads a found user's password: all its accounts, or the password one. */
  reads: 'accounts' | 'credential';
}

const passwordSignIns: Record<string, PasswordSignIn> = {
  '/sign-in/email': { field: 'email', reads: 'accounts' },
  '/sign-in/username': { field: 'username', reads: 'credential' },
  '/sign-in/phone-number': { field: 'phoneNumber', reads: 'credential' },
};

/** Never a user's id (Better Auth's are 32 letters and digits). */
const NO_ONE = 'no-such-user';

/**
 * Someone with a password, whose accounts an unknown identifier's sign-in reads instead: a read
 * that finds a row costs more than one that finds none, and a registered account's read finds one.
 */
const standIns = new WeakMap<object, string>();
async function standInUser({ context: { adapter } }: GenericEndpointContext): Promise<string> {
  let standIn = standIns.get(adapter);
  if (standIn === undefined) {
    const found = await adapter.findOne<{ userId: string }>({
      model: 'account',
      where: [{ field: 'providerId', value: 'credential' }],
      select: ['userId'],
    });
    standIn = found?.userId ?? NO_ONE;
    standIns.set(adapter, standIn);
  }
  return standIn;
}

async function readAccountsOf(ctx: GenericEndpointContext, signIn: PasswordSignIn): Promise<void> {
  const userId = await standInUser(ctx);
  const found =
    signIn.reads === 'accounts'
      ? (await ctx.context.internalAdapter.findAccounts(userId)).length > 0
      : (await ctx.context.internalAdapter.findCredentialAccount(userId)) !== null;
  // The stand-in was deleted (or there was none yet): the next unknown sign-in looks again.
  if (!found) standIns.delete(ctx.context.adapter);
}

/**
 * After a failed password sign-in: an unknown identifier reads the accounts a registered one's
 * sign-in read (as a stand-in's, so a row comes back as it would), and whoever had no password
 * checked (an unknown account, or one without a password) checks one. Whether Better Auth found
 * the user is known from its own read, so no look-up is added to either side.
 */
export async function signInWorkAsForAnAccount(ctx: GenericEndpointContext, sameWork: SameWork): Promise<void> {
  const signIn = passwordSignIns[ctx.path];
  const body = ctx.body as Record<string, unknown> | undefined;
  const returned = (ctx.context as { returned?: unknown }).returned;
  if (!signIn || !sameWork.inRequest() || typeof body?.[signIn.field] !== 'string' || !isAPIError(returned)) return;
  if (sameWork.userFound() === false) await readAccountsOf(ctx, signIn);
  await sameWork.checkOnePassword(body.password);
}

/**
 * A reset request reads a registered address's accounts with its user (a query of their own),
 * and stores its token after the answer: one that put nothing off had no account, and reads
 * as many accounts as a registered one did.
 */
export async function resetWorkAsForAnAccount(ctx: GenericEndpointContext, sameWork: SameWork): Promise<void> {
  if (ctx.path !== '/request-password-reset' || !sameWork.inRequest() || sameWork.putOffWork()) return;
  await ctx.context.internalAdapter.findAccounts(NO_ONE);
}

/**
 * A reset request stores a token only for a registered address; for an unknown one Better Auth
 * looks a made-up token up instead. A registered one makes that same look-up here, and its
 * token is stored once the answer has gone, just before its mail.
 */
export async function resetTokenAfterAnswer(
  sameWork: SameWork,
  verification: Record<string, unknown>,
  ctx: GenericEndpointContext | null,
): Promise<false | undefined> {
  if (ctx?.path !== '/request-password-reset' || !sameWork.inRequest()) return undefined;
  await ctx.context.internalAdapter.findVerificationValue('dummy-verification-token');
  sameWork.later(() => ctx.context.adapter.create({ model: 'verification', data: verification }));
  return false;
}
