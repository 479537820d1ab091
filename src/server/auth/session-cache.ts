import type { Actor } from './actor';
import { tokenOf } from './session-cookie';
import { SharedLoads, ShortLivedCache } from './short-lived-cache';

/**
 * The longest a cached session or user is used: what this instance forgets at once (sign-out,
 * revocation, ban, role change: see `forgetSession`/`forgetUser`), another instance learns
 * within this (decision 0025).
 */
export const SESSION_CACHE_MS = 1000;

const MAX_SESSIONS = 10_000;
const MAX_USERS = 10_000;
/** Cookies that name no session: few, so that junk cookies cannot grow the memory. */
const MAX_UNKNOWN_COOKIES = 1_000;
/** Ours (token.signature, URL-encoded) stay under 170 characters; longer ones are looked up, never kept. */
const MAX_KEPT_COOKIE_LENGTH = 256;

export interface CachedSession {
  id: string;
  token: string;
  userId: string;
  expiresAt: number;
}

export interface SessionCache {
  /** The session a cookie value names, or null; `load` asks the database. */
  session(cookie: string, load: () => Promise<CachedSession | null>): Promise<CachedSession | null>;
  /** The user as our services see them, or null (banned or gone); `load` asks the database. */
  user(id: string, load: () => Promise<Actor | null>): Promise<Actor | null>;
  forgetSession(token: string): void;
  forgetUser(userId: string): void;
}

/** Sessions and users read in the last `lifetimeMs` (at most SESSION_CACHE_MS; 0 reads every time). */
export function createSessionCache(lifetimeMs: number): SessionCache {
  const lifetime = Math.min(lifetimeMs, SESSION_CACHE_MS);
  const sessions = new ShortLivedCache<string, { cookie: string; session: CachedSession }>(lifetime, MAX_SESSIONS);
  const unknownCookies = new ShortLivedCache<string, true>(lifetime, MAX_UNKNOWN_COOKIES);
  const users = new ShortLivedCache<string, Actor | null>(lifetime, MAX_USERS);
  const sessionLoads = new SharedLoads<string, CachedSession | null>();
  const userLoads = new SharedLoads<string, Actor | null>();
  // Bumped by every forget: a load begun before it may have read what was just changed, so its
  // answer goes back to its own callers but is not kept.
  let changes = 0;

  const keepUnlessChanged = async <V>(load: () => Promise<V>, keep: (value: V, since: number) => void) => {
    const since = Date.now();
    const changesAtStart = changes;
    const value = await load();
    if (changes === changesAtStart) keep(value, since);
    return value;
  };

  const forget = () => {
    changes++;
    sessionLoads.forgetAll();
    userLoads.forgetAll();
  };

  return {
    session(cookie, load) {
      if (lifetime === 0 || cookie.length > MAX_KEPT_COOKIE_LENGTH) return load();
      const now = Date.now();
      if (unknownCookies.peek(cookie, now)) return Promise.resolve(null);
      const known = sessions.peek(tokenOf(cookie), now);
      if (known?.cookie === cookie && known.session.expiresAt > now) return Promise.resolve(known.session);
      return sessionLoads.run(cookie, () =>
        keepUnlessChanged(load, (session, since) => {
          if (session) sessions.set(session.token, { cookie, session }, since);
          else unknownCookies.set(cookie, true, since);
        }),
      );
    },
    user(id, load) {
      if (lifetime === 0) return load();
      const known = users.peek(id);
      if (known !== undefined) return Promise.resolve(known);
      return userLoads.run(id, () => keepUnlessChanged(load, (actor, since) => users.set(id, actor, since)));
    },
    forgetSession(token) {
      sessions.delete(token);
      forget();
    },
    forgetUser(userId) {
      users.delete(userId);
      forget();
    },
  };
}
