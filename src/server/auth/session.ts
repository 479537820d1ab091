import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { UserRole } from '../../shared/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Actor } from './actor';
import type { Auth } from './auth';
import type { CachedSession, SessionCache } from './session-cache';
import { readCookie, withOnlySessionCookie } from './session-cookie';
import { suspensionOf } from './standing';

export const SIGN_IN_FIRST_MESSAGE = 'Please sign in first.';
export const NO_PERMISSION_MESSAGE = 'You do not have permission to do that.';

export type { Actor };

const actorColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  username: users.username,
  image: users.image,
  role: users.role,
  emailVerified: users.emailVerified,
  signupCompletedAt: users.signupCompletedAt,
  banned: users.banned,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
};

export interface Sessions {
  /** The signed-in user, read at most SESSION_CACHE_MS ago (decision 0025). */
  currentUser(request: FastifyRequest): Promise<Actor | null>;
  /** The signed-in user read from the database now, for checks that must not lag at all. */
  currentUserNow(request: FastifyRequest): Promise<Actor | null>;
  currentUserById(id: string): Promise<Actor | null>;
  requireUser(request: FastifyRequest): Promise<Actor>;
  /** The signed-in user and the id of the session the request came with. */
  requireSession(request: FastifyRequest): Promise<{ actor: Actor; sessionId: string }>;
  requireRole(request: FastifyRequest, ...roles: UserRole[]): Promise<Actor>;
  /** Call after changing a user's row outside Better Auth: this instance stops using the old one. */
  forgetUser(userId: string): void;
  /** Call after deleting a session outside Better Auth. */
  forgetSession(token: string): void;
}

export function createSessions(auth: Auth, database: Database, config: Config, cache: SessionCache): Sessions {
  const findActor = async (where: ReturnType<typeof eq>): Promise<Actor | null> => {
    const [row] = await database.db.select(actorColumns).from(users).where(where);
    if (!row || row.banned) return null;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      username: row.username,
      image: row.image,
      role: row.role,
      emailVerified: row.emailVerified,
      signupComplete: row.signupCompletedAt !== null,
      suspension: suspensionOf(row.suspendedUntil, row.suspensionReason),
    };
  };
  const actorById = (id: string) => findActor(eq(users.id, id));
  const demoActorByEmail = () => findActor(eq(users.email, config.auth.demo.email));

  let cookieName: Promise<string> | undefined;
  const sessionCookieName = () => (cookieName ??= auth.$context.then((context) => context.authCookies.sessionToken.name));

  /** Better Auth's answer for this one cookie value (it checks the signature and the expiry). */
  const loadSession = async (request: FastifyRequest, name: string, cookie: string): Promise<CachedSession | null> => {
    const headers = fromNodeHeaders(request.headers);
    headers.set('cookie', withOnlySessionCookie(request.headers.cookie, name, cookie));
    const found = await auth.api.getSession({ headers });
    if (!found) return null;
    const { id, token, userId, expiresAt } = found.session;
    return { id, token, userId, expiresAt: new Date(expiresAt).getTime() };
  };

  const cachedSession = async (request: FastifyRequest): Promise<CachedSession | null> => {
    const name = await sessionCookieName();
    const cookie = readCookie(request.headers.cookie, name);
    if (!cookie) return null;
    return cache.session(cookie, () => loadSession(request, name, cookie));
  };

  const cachedActor = (id: string) => cache.user(id, () => actorById(id));

  // Found by e-mail once, then cached by id like any signed-in user (a ban or a role change
  // reaches them as fast); found again once that id stops answering.
  let demoUserId: string | undefined;
  const demoActor = async (): Promise<Actor | null> => {
    const cached = demoUserId === undefined ? null : await cachedActor(demoUserId);
    if (cached) return cached;
    const found = await demoActorByEmail();
    demoUserId = found?.id;
    return found;
  };

  const currentUser = async (request: FastifyRequest): Promise<Actor | null> => {
    // Showcase mode: every visitor is the demo user, as the spec's mock sign-in layer was.
    if (config.auth.mode === 'demo') return demoActor();
    const session = await cachedSession(request);
    return session ? cachedActor(session.userId) : null;
  };

  const currentUserNow = async (request: FastifyRequest): Promise<Actor | null> => {
    if (config.auth.mode === 'demo') return demoActorByEmail();
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    return session ? actorById(session.user.id) : null;
  };

  const requireUser = async (request: FastifyRequest): Promise<Actor> => {
    const actor = await currentUser(request);
    if (!actor) throw new AppError('unauthenticated', SIGN_IN_FIRST_MESSAGE);
    return actor;
  };

  const requireSession = async (request: FastifyRequest) => {
    const session = await cachedSession(request);
    const actor = session ? await cachedActor(session.userId) : null;
    if (!session || !actor) throw new AppError('unauthenticated', SIGN_IN_FIRST_MESSAGE);
    return { actor, sessionId: session.id };
  };

  return {
    currentUser,
    currentUserNow,
    currentUserById: actorById,
    requireUser,
    requireSession,
    requireRole: async (request, ...roles) => {
      const actor = await requireUser(request);
      if (!roles.includes(actor.role)) {
        throw new AppError('permission-denied', NO_PERMISSION_MESSAGE);
      }
      return actor;
    },
    forgetUser: (userId) => cache.forgetUser(userId),
    forgetSession: (token) => cache.forgetSession(token),
  };
}
