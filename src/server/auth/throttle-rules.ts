import type { GenericEndpointContext } from 'better-auth';
import { getSessionFromCtx } from 'better-auth/api';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * What a Better Auth path is throttled on: `guesses` (a password, a code or a link is being
 * tried: failures back off) or `sends` (an e-mail or a text goes out). The identifier is the
 * normalised e-mail, username, phone number, link token or account, whether or not an account
 * has it, so the throttle itself tells nothing about who is registered.
 */
export interface ThrottleRule {
  kind: 'guesses' | 'sends';
  identify(ctx: GenericEndpointContext): Promise<string | undefined>;
}

type Source = 'body' | 'query';

function field(ctx: GenericEndpointContext, source: Source, name: string): string | undefined {
  const value = (ctx[source] as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export const emailId = (email: string) => `email:${email.toLowerCase()}`;
export const usernameId = (username: string) => `username:${username.toLowerCase()}`;
/** E.164 when it parses, so "+1 415 555 0123" and "+14155550123" are one number. */
export const phoneId = (phone: string) => `phone:${parsePhoneNumberFromString(phone)?.number ?? phone}`;

const by = (toId: (value: string) => string, source: Source, name: string) => async (ctx: GenericEndpointContext) => {
  const value = field(ctx, source, name);
  return value === undefined ? undefined : toId(value);
};

const email = (name = 'email') => by(emailId, 'body', name);
const phone = by(phoneId, 'body', 'phoneNumber');
const linkToken = (source: Source) => by((token) => `token:${token}`, source, 'token');
const resetToken = async (ctx: GenericEndpointContext) => (await linkToken('body')(ctx)) ?? linkToken('query')(ctx);

/** The signed-in account whose password is being checked. */
async function account(ctx: GenericEndpointContext) {
  const session = await getSessionFromCtx(ctx);
  return session ? `account:${session.user.id}` : undefined;
}

/** Deleting with a password checks it; without one, Better Auth asks for a fresh session instead. */
const accountWhenPasswordGiven = async (ctx: GenericEndpointContext) =>
  field(ctx, 'body', 'password') === undefined ? undefined : account(ctx);

const guesses = (identify: ThrottleRule['identify']): ThrottleRule => ({ kind: 'guesses', identify });
const sends = (identify: ThrottleRule['identify']): ThrottleRule => ({ kind: 'sends', identify });

export const throttleRules: Record<string, ThrottleRule> = {
  '/sign-in/email': guesses(email()),
  '/sign-in/username': guesses(by(usernameId, 'body', 'username')),
  '/sign-in/phone-number': guesses(phone),
  '/phone-number/verify': guesses(phone),
  '/phone-number/reset-password': guesses(phone),
  // Link tokens are long and random: counted per token, as a second line behind the per-address limit.
  '/magic-link/verify': guesses(linkToken('query')),
  '/verify-email': guesses(linkToken('query')),
  '/reset-password': guesses(resetToken),
  '/change-password': guesses(account),
  '/verify-password': guesses(account),
  '/delete-user': guesses(accountWhenPasswordGiven),
  '/sign-up/email': sends(email()),
  '/sign-in/magic-link': sends(email()),
  '/request-password-reset': sends(email()),
  '/send-verification-email': sends(email()),
  '/change-email': sends(email('newEmail')),
  '/phone-number/send-otp': sends(phone),
  '/phone-number/request-password-reset': sends(phone),
};

/** The identifiers of an account that just signed in: its throttles start again. */
export function identifiersOf(user: Record<string, unknown>): string[] {
  const ids: string[] = [];
  if (typeof user.email === 'string') ids.push(emailId(user.email));
  if (typeof user.username === 'string') ids.push(usernameId(user.username));
  if (typeof user.phoneNumber === 'string') ids.push(phoneId(user.phoneNumber));
  return ids;
}
