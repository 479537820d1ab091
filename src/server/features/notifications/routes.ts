import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationPreferencesSchema } from '../../../shared/follows';
import { notificationIdParamsSchema, notificationPageSchema, notificationsReadSchema, pageQuerySchema } from '../../../shared/submissions';
import type { FeatureOptions } from '../../feature-options';
import { signedInErrors } from '../../http/error-responses';
import { getPreferences, setPreferences } from './preferences';
import { listNotifications, markAllRead, markRead } from './service';

const readSchema = { 200: notificationsReadSchema, ...signedInErrors };
const preferencesSchema = { response: { 200: notificationPreferencesSchema, ...signedInErrors } };

export const notificationsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts }) => {
  const { db } = database;

  app.get(
    '/me/notifications',
    {
      schema: {
        summary: 'Your notifications, newest first, and how many are unread',
        querystring: pageQuerySchema,
        response: { 200: notificationPageSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      reply.header('cache-control', 'no-store');
      return listNotifications(db, actor, request.query.page, request.query.pageSize);
    },
  );

  app.post(
    '/me/notifications/:id/read',
    { schema: { summary: 'Marks one notification read', params: notificationIdParamsSchema, response: readSchema } },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      await markRead(db, actor, request.params.id);
      return { read: true };
    },
  );

  app.post(
    '/me/notifications/read-all',
    { schema: { summary: 'Marks every notification read', response: readSchema } },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      await markAllRead(db, actor);
      return { read: true };
    },
  );

  app.get(
    '/me/notification-preferences',
    { schema: { summary: 'Your notification settings: bell and e-mail, per kind', ...preferencesSchema } },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      reply.header('cache-control', 'no-store');
      return getPreferences(db, actor);
    },
  );

  app.put(
    '/me/notification-preferences',
    { schema: { summary: 'Changes your notification settings', body: notificationPreferencesSchema, ...preferencesSchema } },
    async (request) => setPreferences(db, await accounts.sessions.requireUser(request), request.body),
  );
};
