import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationIdParamsSchema, pageQuerySchema } from '../../../shared/submissions';
import type { FeatureOptions } from '../../feature-options';
import { listNotifications, markAllRead, markRead } from './service';

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
};
