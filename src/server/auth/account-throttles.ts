import { createHash } from 'node:crypto';
import type { GenericEndpointContext } from 'better-auth';
import { APIError, isAPIError } from 'better-auth/api';
import type { Database } from '../db/client';
import { createLimiter } from '../http/limits/limiter';
import { FAILED_SIGN_INS, MESSAGES_SENT, waitText } from '../http/limits/policies';
import { identifiersOf, throttleRules, type ThrottleRule } from './throttle-rules';

const policies = { guesses: FAILED_SIGN_INS, sends: MESSAGES_SENT } as const;

/** Keys hold a hash: the table never stores an address, a number or a token. */
function keyOf(kind: ThrottleRule['kind'], identifier: string): string {
  return `auth-${kind}:${createHash('sha256').update(identifier).digest('base64url')}`;
}

function refusal(kind: ThrottleRule['kind'], identifier: string, seconds: number): APIError {
  const wait = waitText(seconds);
  const body =
    kind === 'guesses'
      ? {
          code: 'TOO_MANY_ATTEMPTS',
          message: identifier.startsWith('token:')
            ? `Too many attempts with this link. Try again in ${wait}.`
            : `Too many attempts for this account. Try again in ${wait}.`,
        }
      : {
          code: 'TOO_MANY_MESSAGES',
          message: identifier.startsWith('phone:')
            ? `We have sent several codes to this number already. Try again in ${wait}.`
            : `We have sent several messages to this address already. Try again in ${wait}.`,
        };
  return new APIError('TOO_MANY_REQUESTS', body, { 'Retry-After': String(seconds) });
}

/** A JSON answer, or a redirect that carries no `error`: the guess was right. */
function succeeded(returned: unknown): boolean {
  if (!isAPIError(returned)) return true;
  if (returned.statusCode >= 400) return false;
  const location = new Headers(returned.headers as HeadersInit).get('location');
  return !location || !new URL(location, 'http://any.invalid').searchParams.has('error');
}

/**
 * Per-account and per-number throttles for Better Auth (`hooks.before` / `hooks.after`), kept
 * in the shared limiter so every instance counts together. An attempt is taken before the
 * endpoint runs, so racing requests cannot all pass one check; a success gives it back.
 */
export function createAccountThrottles(database: Database) {
  const limiter = createLimiter(database);
  return {
    async before(ctx: GenericEndpointContext): Promise<void> {
      const rule = throttleRules[ctx.path];
      // Calls our own server makes (the demo sign-in) have no request and are not guesses.
      if (!rule || !ctx.request) return;
      const identifier = await rule.identify(ctx);
      if (identifier === undefined) return;
      const answer = await limiter.attempt(keyOf(rule.kind, identifier), policies[rule.kind]);
      if (!answer.allowed) throw refusal(rule.kind, identifier, answer.retryAfterSeconds);
    },

    async after(ctx: GenericEndpointContext): Promise<void> {
      const keys: string[] = [];
      const rule = throttleRules[ctx.path];
      const identifier = rule?.kind === 'guesses' && ctx.request ? await rule.identify(ctx) : undefined;
      if (identifier !== undefined) {
        const key = keyOf('guesses', identifier);
        // A slow check (password hashing) must not use up the wait: it starts once the guess failed.
        if (succeeded((ctx.context as { returned?: unknown }).returned)) keys.push(key);
        else await limiter.failed(key, FAILED_SIGN_INS);
      }
      // Whoever just signed in proved they hold the account: its counters start again.
      const user = ctx.context.newSession?.user as Record<string, unknown> | undefined;
      for (const identifier of user ? identifiersOf(user) : []) {
        keys.push(keyOf('guesses', identifier), keyOf('sends', identifier));
      }
      await limiter.reset(keys);
    },
  };
}
