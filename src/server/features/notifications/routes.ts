import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationIdParamsSchema, pageQuerySchema } from '../../../shared/submissions';
import type { FeatureOptions } from '../../feature-options';
import { errorBodySchema } from '../../../shared/errors';
import { notificationPreferencesSchema } from '../../../shared/follows';
import { getPreferences, setPreferences } from './preferences';
import { listNotifications, markAllRead, markRead } from './service';

const preferencesSchema = { response: { 200: notificationPreferencesSchema, 400: errorBodySchema, 401: errorBodySchema } };

export const notificationsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts }) => {
  const { db } = database;

  app.get('/me/notifications', { schema: { querystring: pageQuerySchema } }, async (request, reply) => {
    const actor = await accounts.sessions.requireUser(request);
    reply.header('cache-control', 'no-store');
    return listNotifications(db, actor, request.query.page, request.query.pageSize);
  });

  app.post('/me/notifications/:id/read', { schema: { params: notificationIdParamsSchema } }, async (request) => {
    const actor = await accounts.sessions.requireUser(request);
    await markRead(db, actor, request.params.id);
    return { read: true };
  });

  app.post('/me/notifications/read-all', async (request) => {
    const actor = await accounts.sessions.requireUser(request);
    await markAllRead(db, actor);
    return { read: true };
  });

  app.get('/me/notification-preferences', { schema: preferencesSchema }, async (request, reply) => {
    const actor = await accounts.sessions.requireUser(request);
    reply.header('cache-control', 'no-store');
    return getPreferences(db, actor);
  });

  app.put('/me/notification-preferences', { schema: { body: notificationPreferencesSchema, ...preferencesSchema } }, async (request) =>
    setPreferences(db, await accounts.sessions.requireUser(request), request.body),
  );
};
