import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameIdParamsSchema } from '../../../shared/games';
import {
  adminGameActionSchema,
  approveSchema,
  moderationLogPageSchema,
  moderationNoteSchema,
  pageQuerySchema,
  submissionIdParamsSchema,
  submissionPageSchema,
} from '../../../shared/submissions';
import type { FeatureOptions } from '../../feature-options';
import { signedInErrors } from '../../http/error-responses';
import { mailNotification } from '../notifications';
import { appealRoutes } from './appeal-routes';
import { reportRoutes } from './report-routes';
import { actOnGame, decide, moderationLogPage, moderationQueue, type AdminGameAction, type Decision, type Outcome } from './service';

const decidedSchema = z.object({
  status: z.enum(['published', 'rejected', 'changes-requested']),
  gameId: z.number().nullable(),
});
const decidedStatus = { approve: 'published', reject: 'rejected', 'request-changes': 'changes-requested' } as const;
const adminActions = ['feature', 'unfeature', 'unpublish'] as const satisfies AdminGameAction[];
const adminActionDoneSchema = z.object({ done: z.enum(adminActions) });
const decisionSummaries: Record<Decision, string> = {
  approve: 'Approves a submission: the game is listed (or its listed version replaced)',
  reject: 'Rejects a submission, with a reason for its maker',
  'request-changes': 'Sends a submission back to its maker with a note',
};

export const moderationRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, options) => {
  const { database, accounts, config } = options;
  await reportRoutes(app, options);
  await appealRoutes(app, options);
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

  app.get(
    '/moderation/queue',
    {
      schema: {
        summary: 'Submissions waiting for review, oldest first (staff)',
        querystring: pageQuerySchema,
        response: { 200: submissionPageSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      await staff(request);
      reply.header('cache-control', 'no-store');
      return moderationQueue(db, request.query.page, request.query.pageSize);
    },
  );

  app.get(
    '/moderation/log',
    {
      schema: {
        summary: 'Every moderation decision, newest first (staff)',
        querystring: pageQuerySchema,
        response: { 200: moderationLogPageSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      await staff(request);
      reply.header('cache-control', 'no-store');
      return moderationLogPage(db, request.query.page, request.query.pageSize);
    },
  );

  const decision = (name: Decision, path: string, body: typeof approveSchema | typeof moderationNoteSchema) =>
    app.post(
      `/moderation/submissions/:id/${path}`,
      {
        schema: {
          summary: decisionSummaries[name],
          params: submissionIdParamsSchema,
          body,
          response: { 200: decidedSchema, ...signedInErrors },
        },
      },
      async (request) => {
        const actor = await staff(request);
        const outcome = await decide(db, actor, request.params.id, name, request.body.note);
        await mail(outcome);
        return { status: decidedStatus[name], gameId: outcome.gameId };
      },
    );
  decision('approve', 'approve', approveSchema);
  decision('reject', 'reject', moderationNoteSchema);
  decision('request-changes', 'request-changes', moderationNoteSchema);

  for (const action of adminActions) {
    const schema = {
      summary: `Admins: ${action}s a listed game (an optional reason is kept in the log)`,
      params: gameIdParamsSchema,
      body: adminGameActionSchema.optional(),
      response: { 200: adminActionDoneSchema, ...signedInErrors },
    };
    app.post(`/moderation/games/:id/${action}`, { schema }, async (request) => {
      const actor = await sessions.requireRole(request, 'admin');
      const outcome = await actOnGame(db, actor, request.params.id, action, request.body?.reason ?? '');
      await mail(outcome);
      return { done: action };
    });
  }
};
