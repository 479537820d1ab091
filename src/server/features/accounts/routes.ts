import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  meSchema,
  ownSessionsSchema,
  sessionEndedSchema,
  sessionParamsSchema,
  sessionUserSchema,
  signInMethodsSchema,
  signupStepSchema,
  usernameAvailabilitySchema,
  userRoles,
} from '../../../shared/accounts';
import { pageQuerySchema } from '../../../shared/pagination';
import type { FeatureOptions } from '../../feature-options';
import { errorResponses, signedInErrors } from '../../http/error-responses';
import { unreadNotificationCount } from '../notifications';
import { endOwnSession, listOwnSessions } from './own-sessions';
import { completeSignup, listUsers, usernameAvailability } from './service';

const usersQuerySchema = pageQuerySchema({ defaultSize: 50 });

export const accountsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, options) => {
  const { database, accounts, config, live } = options;

  app.get(
    '/sign-in-methods',
    { schema: { summary: 'How one can sign in here: methods and providers', response: { 200: signInMethodsSchema } } },
    async () => accounts.signInMethods(),
  );

  app.get(
    '/me',
    { schema: { summary: 'Who is signed in, or null, and how many of their notifications are unread', response: { 200: meSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await accounts.sessions.currentUser(request);
      const showcase = accounts.signInMethods().mode === 'demo' ? { showcase: true as const } : {};
      if (!user) return { user, ...showcase };
      return { user, ...showcase, unreadNotifications: await unreadNotificationCount(database.db, live, user) };
    },
  );

  app.post(
    '/me/signup',
    {
      schema: {
        summary: 'The sign-up step: accept the terms and choose a username',
        body: signupStepSchema,
        response: { 200: meSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      const user = await completeSignup(database.db, actor, request.body);
      accounts.sessions.forgetUser(actor.id);
      return { user };
    },
  );

  app.get(
    '/me/sessions',
    { schema: { summary: 'Your signed-in sessions (devices)', response: { 200: ownSessionsSchema, ...signedInErrors } } },
    async (request, reply) => {
      const { actor, sessionId } = await accounts.sessions.requireSession(request);
      reply.header('cache-control', 'no-store');
      return { items: await listOwnSessions(database.db, actor, sessionId) };
    },
  );

  app.delete(
    '/me/sessions/:id',
    {
      schema: {
        summary: 'Ends one of your sessions',
        params: sessionParamsSchema.extend({ id: sessionParamsSchema.shape.id.meta({ examples: ['a1B2c3'] }) }),
        response: { 200: sessionEndedSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      accounts.sessions.forgetSession(await endOwnSession(database.db, actor, request.params.id));
      return { ended: true as const };
    },
  );

  app.get(
    '/usernames/availability',
    {
      schema: {
        summary: 'Whether a username is free, and why not',
        querystring: z.object({
          username: z
            .string()
            .max(100)
            .meta({ examples: ['new_player'] }),
        }),
        response: { 200: usernameAvailabilitySchema, ...errorResponses(400) },
      },
    },
    async (request) => usernameAvailability(database.db, request.query.username),
  );

  app.get(
    '/admin/users',
    {
      schema: {
        summary: 'Admins: every account, newest first',
        querystring: usersQuerySchema,
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.string(),
                email: z.string(),
                name: z.string(),
                username: z.string().nullable(),
                role: z.enum(userRoles),
                banned: z.boolean(),
                createdAt: z.string(),
              }),
            ),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
          ...signedInErrors,
        },
      },
    },
    async (request) => {
      await accounts.sessions.requireRole(request, 'admin');
      return listUsers(database.db, request.query.page, request.query.pageSize);
    },
  );

  app.post(
    '/demo/sign-in',
    {
      schema: {
        summary: 'Signs this browser in as the shared demo account, when it is enabled (sets the session cookie)',
        response: { 200: z.object({ user: sessionUserSchema.nullable() }), ...errorResponses(403, 404, 429, 503) },
      },
    },
    async (request, reply) => accounts.signInAsDemo(request, reply),
  );

  void config;
};
