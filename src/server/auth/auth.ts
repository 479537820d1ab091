import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { admin, genericOAuth, magicLink, phoneNumber, username } from 'better-auth/plugins';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { usernameSchema } from '../../shared/accounts';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { accounts, gamePlays, rateLimits, reviews, reviewVotes, sessions, users, verifications } from '../db/schema';
import { AUTH_REQUESTS_PER_ADDRESS } from '../http/limits/policies';
import { createAccountThrottles } from './account-throttles';
import { promoteIfProvenAdmin, withAdminRoleIfProven } from './admin-emails';
import { CLIENT_IP_HEADER } from './client-ip';
import { landingOnConfirmationPage } from './confirmation-link';
import { requireReauthenticationToDelete } from './delete-account-reauth';
import type { Messenger } from './messages/messenger';
import { mailTemplates } from './messages/templates';
import { withinProfileRules } from './new-account-fields';
import { passwordProblems } from './password-policy';
import { checkAccountRequest } from './request-rules';
import { createSameWork, type PasswordHashing } from './same-work';
import { resolveAuthSecret } from './secret';
import type { SessionCache } from './session-cache';
import { syntheticNewUser } from './synthetic-user';
import { resetTokenAfterAnswer, resetWorkAsForAnAccount, signInWorkAsForAnAccount } from './unknown-accounts';

export const MAGIC_LINK_SECONDS = 5 * 60;
export const PHONE_CODE_ATTEMPTS = 3;
/** What a banned member is told when they try to sign in (issue 33). */
export const BANNED_MESSAGE = 'This account has been banned by the moderators and cannot sign in. The notice we sent says why.';

/** Paths whose body carries a new password that must pass our policy. */
const passwordFields: Record<string, 'password' | 'newPassword'> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/** Changes that would break the shared demo account for everyone else who tries it. */
const demoProtectedPaths = new Set([
  '/change-password',
  '/change-email',
  '/delete-user',
  '/update-user',
  '/revoke-sessions',
  '/revoke-other-sessions',
]);

async function enforcePasswordPolicy(path: string, body: Record<string, unknown> | undefined) {
  const field = passwordFields[path];
  const password = field ? body?.[field] : undefined;
  if (typeof password !== 'string') return;
  const problems = await passwordProblems(password, [body?.email, body?.name]);
  if (problems.length > 0) {
    throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: `${problems.join('. ')}.` });
  }
}

function magicLinkUrl(baseUrl: string, token: string, callbackUrl: string | undefined): string {
  const url = new URL('/magic-link', baseUrl);
  url.searchParams.set('token', token);
  if (callbackUrl) url.searchParams.set('next', callbackUrl);
  return url.href;
}

function oauthProviders(config: Config) {
  return config.auth.oidcProviders.map((provider) => ({
    providerId: provider.id,
    name: provider.name,
    discoveryUrl: `${provider.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
  }));
}

/** Updates of many rows hand the hooks a count, not a row: then there is no token to forget. */
function forgetSession(cache: SessionCache, session: { token?: unknown } | null) {
  if (typeof session?.token === 'string') cache.forgetSession(session.token);
}

export interface AuthDependencies {
  config: Config;
  database: Database;
  messenger: Messenger;
  log: FastifyBaseLogger;
  /** Told of every session and user change that goes through Better Auth. */
  sessionCache: SessionCache;
  /** Better Auth's own scrypt unless given; tests give a cheaper one (test-support/server/fast-password-hashing.ts). */
  passwordHashing?: PasswordHashing;
}

export type { PasswordHashing };

/** Better Auth's own scrypt. */
const betterAuthHashing: PasswordHashing = { hash: hashPassword, verify: verifyPassword };

export function createAuth({ config, database, messenger, log, sessionCache, passwordHashing = betterAuthHashing }: AuthDependencies) {
  const sameWork = createSameWork(passwordHashing, log);
  // Stored after the answer has gone (decision 0052): only a registered account's answer sends
  // most of these, so storing one must not show in how long the answer took.
  const send = async (message: Parameters<Messenger['send']>[0]) => sameWork.later(() => messenger.send(message));
  const signInPage = new URL('/login', config.baseUrl).href;
  const throttles = createAccountThrottles(database);
  const auth = betterAuth({
    appName: 'GameSource',
    logger: {
      log: (level, message, ...args) => log[level]({ details: args }, message),
    },
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(config),
    trustedOrigins: [config.baseUrl],
    database: sameWork.recordingUserReads(
      drizzleAdapter(database.db, {
        provider: 'pg',
        schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
      }),
    ),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 10,
      maxPasswordLength: 128,
      password: sameWork.hashing,
      // Sign-up answers alike whether or not the address has an account (decision 0021): the
      // new account signs in through its confirmation link, the owner of a taken one gets a mail.
      requireEmailVerification: true,
      disableSignUp: !messenger.canEmail,
      onExistingUserSignUp: async ({ user }) => send(mailTemplates.signUpWithExistingAddress(user.email, signInPage)),
      customSyntheticUser: syntheticNewUser,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: ({ user, url }) => send(mailTemplates.resetPassword(user.email, url)),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, url }) => send(mailTemplates.verifyEmail(user.email, landingOnConfirmationPage(url))),
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, newEmail, url }) => send(mailTemplates.changeEmail(user.email, url, newEmail)),
      },
      deleteUser: {
        enabled: true,
        // Plays stay counted but no longer say whose they were; favourites and sessions go with the user.
        beforeDelete: async (user) => {
          await database.db.update(gamePlays).set({ userId: null }).where(eq(gamePlays.userId, user.id));
          // The votes go with the account (ON DELETE CASCADE), so the counts they added go too.
          await database.db
            .update(reviews)
            .set({ helpfulCount: sql`${reviews.helpfulCount} - 1` })
            .where(
              inArray(
                reviews.id,
                database.db.select({ id: reviewVotes.reviewId }).from(reviewVotes).where(eq(reviewVotes.userId, user.id)),
              ),
            );
        },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: [] } },
    socialProviders: {
      ...(config.auth.github ? { github: config.auth.github } : {}),
      ...(config.auth.google ? { google: config.auth.google } : {}),
    },
    rateLimit: { enabled: true, storage: 'database', ...AUTH_REQUESTS_PER_ADDRESS },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips origin checks under NODE_ENV=test; ours must test the real thing.
      disableOriginCheck: false,
      useSecureCookies: config.baseUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        checkAccountRequest(ctx.path, ctx.body);
        await enforcePasswordPolicy(ctx.path, ctx.body as Record<string, unknown> | undefined);
        if (demoProtectedPaths.has(ctx.path)) {
          const session = await getSessionFromCtx(ctx);
          if (session?.user.email.toLowerCase() === config.auth.demo.email) {
            throw new APIError('FORBIDDEN', {
              code: 'DEMO_ACCOUNT_READ_ONLY',
              message: 'The demo account is shared, so its sign-in details cannot be changed. Create your own account to do that.',
            });
          }
        }
        if (ctx.path === '/delete-user') await requireReauthenticationToDelete(ctx, database.db);
        await throttles.before(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await signInWorkAsForAnAccount(ctx, sameWork);
        await resetWorkAsForAnAccount(ctx, sameWork);
        await throttles.after(ctx);
      }),
    },
    // Sign-out, revocation, expiry, password change, ban, role change and deletion all pass here:
    // this instance stops using what it cached at once (decision 0025).
    databaseHooks: {
      verification: { create: { before: async (verification, ctx) => resetTokenAfterAnswer(sameWork, verification, ctx) } },
      user: {
        create: { before: async (user) => ({ data: withAdminRoleIfProven(config, withinProfileRules(user)) }) },
        update: {
          after: async (user) => {
            await promoteIfProvenAdmin(database.db, config, user);
            if (typeof user?.id === 'string') sessionCache.forgetUser(user.id);
          },
        },
        delete: { after: async (user) => sessionCache.forgetUser(user.id) },
      },
      session: {
        update: { after: async (session) => forgetSession(sessionCache, session) },
        delete: { after: async (session) => forgetSession(sessionCache, session) },
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'], bannedUserMessage: BANNED_MESSAGE }),
      username({
        minUsernameLength: 3,
        maxUsernameLength: 30,
        usernameValidator: (name) => usernameSchema.safeParse(name).success,
      }),
      magicLink({
        expiresIn: MAGIC_LINK_SECONDS,
        storeToken: 'hashed',
        sendMagicLink: ({ email, token, metadata }, ctx) => {
          const callbackUrl = typeof ctx?.body?.callbackURL === 'string' ? ctx.body.callbackURL : undefined;
          void metadata;
          return send(mailTemplates.magicLink(email, magicLinkUrl(config.baseUrl, token, callbackUrl)));
        },
      }),
      phoneNumber({
        otpLength: 6,
        expiresIn: 5 * 60,
        allowedAttempts: PHONE_CODE_ATTEMPTS,
        phoneNumberValidator: (value) => isValidPhoneNumber(value),
        sendOTP: ({ phoneNumber: to, code }) => send(mailTemplates.phoneCode(to, code)),
        signUpOnVerification: {
          getTempEmail: (value) => `${value.replace(/\D/g, '')}@phone.gamesource.invalid`,
          getTempName: (value) => value,
        },
      }),
      ...(config.auth.oidcProviders.length > 0 ? [genericOAuth({ config: oauthProviders(config) })] : []),
    ],
  });
  return Object.assign(auth, {
    /** Better Auth's handler, run so that what it puts off starts with `afterAnswer`. */
    answer: (request: Request) => sameWork.handle(() => auth.handler(request)),
    /** Resolves once everything put off until after an answer has run. */
    settled: () => sameWork.settled(),
  });
}

export type Auth = ReturnType<typeof createAuth>;
