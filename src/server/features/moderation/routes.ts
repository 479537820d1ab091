import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameIdParamsSchema } from '../../../shared/games';
import { adminGameActionSchema, approveSchema, moderationNoteSchema, pageQuerySchema, submissionIdParamsSchema } from '../../../shared/submissions';
import type { FeatureOptions } from '../../feature-options';
import { mailNotification } from '../notifications';
import { actOnGame, decide, moderationLogPage, moderationQueue, type AdminGameAction, type Decision, type Outcome } from './service';

export const moderationRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, config }) => {
  const { db } = database;
  const { sessions, messenger } = accounts;
  const staff = (request: Parameters<typeof sessions.requireRole>[0]) => sessions.requireRole(request, 'moderator', 'admin');
  const mailOne = (userId: string, notification: NonNullable<Outcome['notification']>) =>
    mailNotification(db, messenger, app.log, userId, notification, config.baseUrl);
  const mail = async (outcome: Outcome) => {
    if (outcome.notifyUserId && outcome.notification) await mailOne(outcome.notifyUserId, outcome.notification);
    const followers = outcome.followers;
    if (followers) for (const userId of followers.email) await mailOne(userId, followers.notification);
  };

  app.get('/moderation/queue', { schema: { querystring: pageQuerySchema } }, async (request, reply) => {
    await staff(request);
    reply.header('cache-control', 'no-store');
    return moderationQueue(db, request.query.page, request.query.pageSize);
  });

  app.get('/moderation/log', { schema: { querystring: pageQuerySchema } }, async (request, reply) => {
    await staff(request);
    reply.header('cache-control', 'no-store');
    return moderationLogPage(db, request.query.page, request.query.pageSize);
  });

  const decision = (name: Decision, path: string, body: typeof approveSchema | typeof moderationNoteSchema) =>
    app.post(`/moderation/submissions/:id/${path}`, { schema: { params: submissionIdParamsSchema, body } }, async (request) => {
      const actor = await staff(request);
      const outcome = await decide(db, actor, request.params.id, name, request.body.note);
      await mail(outcome);
      return { status: name === 'approve' ? 'published' : name === 'reject' ? 'rejected' : 'changes-requested', gameId: outcome.gameId };
    });
  decision('approve', 'approve', approveSchema);
  decision('reject', 'reject', moderationNoteSchema);
  decision('request-changes', 'request-changes', moderationNoteSchema);

  for (const action of ['feature', 'unfeature', 'unpublish'] as AdminGameAction[]) {
    app.post(`/moderation/games/:id/${action}`, { schema: { params: gameIdParamsSchema, body: adminGameActionSchema.optional() } }, async (request) => {
      const actor = await sessions.requireRole(request, 'admin');
      const outcome = await actOnGame(db, actor, request.params.id, action, request.body?.reason ?? '');
      await mail(outcome);
      return { done: action };
    });
  }
};
