import type { BackoffPolicy } from './limiter';

// Every limit of the app in one place. The write budgets are defaults of the configuration
// (WRITES_PER_MINUTE_PER_USER / _PER_ADDRESS), so a benchmark can raise them.

/** Writes under /api (outside /api/auth) a signed-in user may make in a minute, over all routes. */
export const DEFAULT_WRITES_PER_MINUTE_PER_USER = 120;
/** Writes from one address (an IPv6 /64) in a minute, whoever is signed in: many accounts, one client. */
export const DEFAULT_WRITES_PER_MINUTE_PER_ADDRESS = 600;
export const WRITE_WINDOW_MS = 60_000;
/**
 * Anonymous-capable reads any origin may make (the routes marked `publicRead`), per client
 * address in a minute, over all of them: the site's own pages count too, so it is generous.
 */
export const DEFAULT_PUBLIC_READS_PER_MINUTE_PER_ADDRESS = 1200;
/**
 * The same reads by a signed-in member, per member, instead of per address (decision 0055):
 * everyone behind one school's or carrier's address no longer shares one budget. Twice the
 * address's, which already serves a household of visitors: one person with many tabs taking
 * live changes in, or their own script, fits; one account still gets at most 40 reads a second.
 */
export const DEFAULT_PUBLIC_READS_PER_MINUTE_PER_MEMBER = 2400;
export const PUBLIC_READ_WINDOW_MS = 60_000;

/**
 * Open `/api/live` event streams (each a socket, memory and a place in the hub) one member may
 * hold, and one address (an IPv6 /64), on every instance together (issue 32): a tab holds one,
 * so these are many tabs and windows, or many people behind one address.
 */
export const DEFAULT_LIVE_STREAMS_PER_MEMBER = 20;
export const DEFAULT_LIVE_STREAMS_PER_ADDRESS = 100;

/**
 * Reports one member may file in an hour, on top of the write budget (issue 33): enough for
 * someone who meets a wave of spam, too few to flood the moderators' queue. Counted in the
 * shared limiter, so every instance counts together.
 */
export const REPORTS_PER_HOUR_PER_USER = 10;
export const REPORT_WINDOW_MS = 60 * 60_000;

/**
 * Wrong passwords and codes, per account identifier (e-mail, username, phone number, token):
 * five tries at once, then 1 s, 2 s, 4 s ... up to 15 minutes between tries. A try made while
 * waiting starts that wait again, so many clients cannot pounce on the moment it ends. A
 * success resets it.
 */
export const FAILED_SIGN_INS: BackoffPolicy = {
  free: 5,
  firstWaitSeconds: 1,
  maxSeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
  refusalRestartsWait: true,
};

/**
 * E-mails and text messages sent to one address or number (links, codes): three at once, then
 * 10 minutes, 20, 40, up to an hour between them. A sign-in with what was sent resets it.
 */
export const MESSAGES_SENT: BackoffPolicy = {
  free: 3,
  firstWaitSeconds: 10 * 60,
  maxSeconds: 60 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
  refusalRestartsWait: false,
};

/**
 * Better Auth's own limits on its endpoints, per client address, in its `rate_limits` table
 * (shared by every instance): 120 requests a minute in all, fewer where a guess or a message is
 * at stake. FAILED_SIGN_INS and MESSAGES_SENT add limits per account on top (auth/throttle-rules.ts).
 */
export const AUTH_REQUESTS_PER_ADDRESS = {
  window: 60,
  max: 120,
  customRules: {
    '/sign-in/email': { window: 60, max: 5 },
    '/sign-in/username': { window: 60, max: 5 },
    '/sign-in/phone-number': { window: 60, max: 5 },
    '/sign-up/email': { window: 60, max: 5 },
    '/request-password-reset': { window: 60, max: 3 },
    '/send-verification-email': { window: 60, max: 3 },
    '/sign-in/magic-link': { window: 60, max: 3 },
    '/magic-link/verify': { window: 60, max: 10 },
    '/phone-number/send-otp': { window: 60, max: 3 },
    '/phone-number/verify': { window: 60, max: 10 },
  },
};

/** Images one member may upload in ten minutes, counted from the uploads table (so on every instance). */
export const UPLOAD_RATE = { max: 30, windowMs: 10 * 60 * 1000 } as const;

/** Downloads of one's own data in an hour: each reads everything a member has. */
export const EXPORTS_PER_HOUR = 5;
export const EXPORT_WINDOW_MS = 60 * 60_000;

/** How often a maker may ask for a check of one game ("Check now"). */
export const CHECK_NOW_EVERY_MINUTES = 10;
/** How often one member may say "It doesn't work for me" of one game. */
export const WORKS_FOR_ME_EVERY_DAYS = 7;

// Limits the browser shows as well, so they live in shared/ and are named here.
/** Update posts per game per UTC day. */
export { UPDATES_PER_GAME_PER_DAY } from '../../../shared/update-values';
// Web builds: BUILD_MAX_MB and BUILD_QUOTA_MB in config.ts (a build's size, a maker's quota).

/** How often each instance deletes expired counters. */
export const LIMIT_CLEAN_UP_EVERY_MS = 10 * 60 * 1000;

/** "5 seconds", "1 second", "12 minutes": how long to wait, for a message. */
export function waitText(seconds: number): string {
  if (seconds >= 120) return `${Math.ceil(seconds / 60)} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
