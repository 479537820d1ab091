import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { SignInMethods } from '../../shared/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../http/app-error';
import { createAuth, type Auth, type PasswordHashing } from './auth';
import { createMessenger, type Messenger } from './messages/messenger';
import { createSessions, type Actor, type Sessions } from './session';
import { createSessionCache } from './session-cache';

/** Everything about accounts that the features and the app need, built once. */
export interface Accounts {
  auth: Auth;
  sessions: Sessions;
  messenger: Messenger;
  signInMethods(): SignInMethods;
  signInAsDemo(request: FastifyRequest, reply: FastifyReply): Promise<{ user: Actor | null }>;
}

function providersOf(config: Config): SignInMethods['providers'] {
  return [
    ...(config.auth.github ? [{ id: 'github', name: 'GitHub', kind: 'social' as const }] : []),
    ...(config.auth.google ? [{ id: 'google', name: 'Google', kind: 'social' as const }] : []),
    ...config.auth.oidcProviders.map((p) => ({ id: p.id, name: p.name, kind: 'oidc' as const })),
  ];
}

export function createAccounts(config: Config, database: Database, log: FastifyBaseLogger, passwordHashing?: PasswordHashing): Accounts {
  const messenger = createMessenger(config, database, log);
  if (!messenger.canEmail) {
    log.warn(
      'No e-mail transport (SMTP_URL is not set): new accounts cannot sign up with a password, and e-mail links and password resets cannot be sent. Existing accounts can still sign in.',
    );
  }
  const sessionCache = createSessionCache(config.sessionCacheMs);
  const auth = createAuth({ config, database, messenger, log, sessionCache, passwordHashing });
  const sessions = createSessions(auth, database, config, sessionCache);
  // Messages are stored once their answer has gone: waiting for them waits for that first.
  const messages: Messenger = {
    ...messenger,
    settled: async () => {
      await auth.settled();
      await messenger.settled();
    },
    close: async () => {
      await auth.settled();
      await messenger.close();
    },
  };

  const methods: SignInMethods = {
    mode: config.auth.mode,
    password: true,
    // A password account signs in once its address is confirmed, which needs e-mail.
    passwordSignUp: messenger.canEmail,
    localOutbox: config.messages.outboxAllowed && !config.messages.smtpUrl,
    emailLink: messenger.canEmail,
    phone: messenger.canSms,
    providers: providersOf(config),
    demo: config.auth.demo.enabled,
  };

  return {
    auth,
    sessions,
    messenger: messages,
    signInMethods: () => methods,
    async signInAsDemo(request, reply) {
      const { demo } = config.auth;
      if (!demo.enabled) throw new AppError('not-found', 'The demo account is not enabled.');
      const response = await auth.api.signInEmail({
        body: { email: demo.email, password: demo.password },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      if (!response.ok) throw new AppError('unavailable', 'The demo account is not available right now.');
      reply.header('set-cookie', response.headers.getSetCookie());
      const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
      return { user: user ? await sessions.currentUserById(user.id) : null };
    },
  };
}
