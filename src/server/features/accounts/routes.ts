import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  meSchema,
  ownSessionsSchema,
  sessionEndedSchema,
  sessionParamsSchema,
  signInMethodsSchema,
  signupStepSchema,
  userRoles,
} from '../../../shared/accounts';
import type { FeatureOptions } from '../../feature-options';
import { endOwnSession, listOwnSessions } from './own-sessions';
import { completeSignup, listUsers, usernameAvailability } from './service';
import { pageQuerySchema } from '../../../shared/pagination';

const usersQuerySchema = pageQuerySchema({ defaultSize: 50 });

export const accountsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, options) => {
  const { database, accounts, config } = options;

  app.get('/sign-in-methods', { schema: { response: { 200: signInMethodsSchema } } }, async () =>
    accounts.signInMethods(),
  );

  app.get('/me', { schema: { response: { 200: meSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await accounts.sessions.currentUser(request);
    return accounts.signInMethods().mode === 'demo' ? { user, showcase: true as const } : { user };
  });

  app.post('/me/signup', { schema: { body: signupStepSchema, response: { 200: meSchema } } }, async (request) => {
    const actor = await accounts.sessions.requireUser(request);
    const user = await completeSignup(database.db, actor, request.body);
    accounts.sessions.forgetUser(actor.id);
    return { user };
  });

  app.get('/me/sessions', { schema: { response: { 200: ownSessionsSchema } } }, async (request, reply) => {
    const { actor, sessionId } = await accounts.sessions.requireSession(request);
    reply.header('cache-control', 'no-store');
    return { items: await listOwnSessions(database.db, actor, sessionId) };
  });

  app.delete(
    '/me/sessions/:id',
    { schema: { params: sessionParamsSchema, response: { 200: sessionEndedSchema } } },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      accounts.sessions.forgetSession(await endOwnSession(database.db, actor, request.params.id));
      return { ended: true as const };
    },
  );

  app.get(
    '/usernames/availability',
    { schema: { querystring: z.object({ username: z.string().max(100) }) } },
    async (request) => usernameAvailability(database.db, request.query.username),
  );

  app.get(
    '/admin/users',
    {
      schema: {
        querystring: usersQuerySchema,
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.string(), email: z.string(), name: z.string(), username: z.string().nullable(),
                role: z.enum(userRoles), banned: z.boolean(), createdAt: z.string(),
              }),
            ),
            total: z.number(), page: z.number(), pageSize: z.number(),
          }),
        },
      },
    },
    async (request) => {
      await accounts.sessions.requireRole(request, 'admin');
      return listUsers(database.db, request.query.page, request.query.pageSize);
    },
  );

  app.post('/demo/sign-in', async (request, reply) => accounts.signInAsDemo(request, reply));

  void config;
};
