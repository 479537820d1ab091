import { eq } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { UserRole } from '../../shared/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Auth } from './auth';

/** The signed-in user as our services see it. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  username: string | null;
  role: UserRole;
  emailVerified: boolean;
  signupComplete: boolean;
}

const actorColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  username: users.username,
  role: users.role,
  emailVerified: users.emailVerified,
  signupCompletedAt: users.signupCompletedAt,
  banned: users.banned,
};

export interface Sessions {
  currentUser(request: FastifyRequest): Promise<Actor | null>;
  currentUserById(id: string): Promise<Actor | null>;
  requireUser(request: FastifyRequest): Promise<Actor>;
  /** The signed-in user and the id of the session the request came with. */
  requireSession(request: FastifyRequest): Promise<{ actor: Actor; sessionId: string }>;
  requireRole(request: FastifyRequest, ...roles: UserRole[]): Promise<Actor>;
}

export function createSessions(auth: Auth, database: Database, config: Config): Sessions {
  const findActor = async (where: ReturnType<typeof eq>): Promise<Actor | null> => {
    const [row] = await database.db.select(actorColumns).from(users).where(where);
    if (!row || row.banned) return null;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      username: row.username,
      role: row.role,
      emailVerified: row.emailVerified,
      signupComplete: row.signupCompletedAt !== null,
    };
  };

  const currentUser = async (request: FastifyRequest): Promise<Actor | null> => {
    // Showcase mode: every visitor is the demo user, as the spec's mock sign-in layer was.
    if (config.auth.mode === 'demo') return findActor(eq(users.email, config.auth.demo.email));
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    return session ? findActor(eq(users.id, session.user.id)) : null;
  };

  const requireUser = async (request: FastifyRequest): Promise<Actor> => {
    const actor = await currentUser(request);
    if (!actor) throw new AppError('unauthenticated', 'Please sign in first.');
    return actor;
  };

  const requireSession = async (request: FastifyRequest) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    const actor = session ? await findActor(eq(users.id, session.user.id)) : null;
    if (!session || !actor) throw new AppError('unauthenticated', 'Please sign in first.');
    return { actor, sessionId: session.session.id };
  };

  return {
    currentUser,
    currentUserById: (id) => findActor(eq(users.id, id)),
    requireUser,
    requireSession,
    requireRole: async (request, ...roles) => {
      const actor = await requireUser(request);
      if (!roles.includes(actor.role)) {
        throw new AppError('permission-denied', 'You do not have permission to do that.');
      }
      return actor;
    },
  };
}
