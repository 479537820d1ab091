import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userIdParamsSchema } from '../../../shared/profiles';
import {
  accountActionDoneSchema,
  accountStandingInputSchema,
  reportDecisionInputSchema,
  reportDecisionSchema,
  reportGroupParamsSchema,
  reportInputSchema,
  reportQueueQuerySchema,
  reportQueueSchema,
  reportReceiptSchema,
  restrictedAccountsSchema,
} from '../../../shared/reports';
import type { FeatureOptions } from '../../feature-options';
import { errorResponses, signedInErrors } from '../../http/error-responses';
import { createLimiter } from '../../http/limits/limiter';
import { audienceOf, mailNotification, type NewNotification } from '../notifications';
import { actOnAccount, type AccountAction } from './account-actions';
import { restrictedAccounts } from './account-standing';
import { fileReport } from './file-report';
import { decideReports } from './report-decisions';
import { reportQueue } from './report-queue';

const accountSummaries: Record<AccountAction, string> = {
  suspend: 'Suspends a member for 1, 7 or 30 days: they read but do not post (staff)',
  ban: 'Bans a member: their sessions end, sign-in is refused, their public content is hidden (staff)',
  reinstate: 'Lifts a suspension or a ban (staff)',
};

export const reportRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, config }) => {
  const { db } = database;
  const { sessions, messenger } = accounts;
  const limiter = createLimiter(database);
  const staff = (request: Parameters<typeof sessions.requireRole>[0]) => sessions.requireRole(request, 'moderator', 'admin');
  /** E-mail goes only to a member who chose it for moderation notices; the bell always has it. */
  const mailIfChosen = async (userId: string, notification: NewNotification) => {
    const { email } = await audienceOf(db, [userId], 'moderation');
    if (email.length > 0) await mailNotification(db, messenger, app.log, userId, notification, config.baseUrl);
  };

  app.post(
    '/reports',
    {
      schema: {
        summary: "Reports a game, review, maker's reply, public list or profile to the moderators",
        body: reportInputSchema,
        response: { 201: reportReceiptSchema, ...signedInErrors, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      const actor = await sessions.requireUser(request);
      return reply.code(201).send(await fileReport(db, limiter, actor, request.body, config.reportHoldThreshold));
    },
  );

  app.get(
    '/moderation/reports',
    {
      schema: {
        summary: 'Open reports grouped by item, most reported and oldest first (staff)',
        querystring: reportQueueQuerySchema,
        response: { 200: reportQueueSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await staff(request);
      reply.header('cache-control', 'no-store');
      return reportQueue(db, actor, request.query.page, request.query.pageSize);
    },
  );

  app.post(
    '/moderation/reports/:kind/:targetId/decide',
    {
      schema: {
        summary:
          'Decides every open report about one item: dismiss, remove, unlist, warn, suspend or ban, with a reason the author is shown (staff)',
        params: reportGroupParamsSchema,
        body: reportDecisionInputSchema,
        response: { 200: reportDecisionSchema, ...signedInErrors, ...errorResponses(412) },
      },
    },
    async (request) => {
      const actor = await staff(request);
      const outcome = await decideReports(db, actor, request.params.kind, request.params.targetId, request.body);
      if (outcome.restricted) sessions.forgetUser(outcome.restricted);
      if (outcome.author) await mailIfChosen(outcome.author.userId, outcome.author.notification);
      return { decision: { id: outcome.decisionId, action: request.body.action, reportsClosed: outcome.reportsClosed } };
    },
  );

  app.get(
    '/moderation/accounts',
    {
      schema: {
        summary: 'Suspended and banned accounts (staff)',
        querystring: reportQueueQuerySchema,
        response: { 200: restrictedAccountsSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      await staff(request);
      reply.header('cache-control', 'no-store');
      return restrictedAccounts(db, request.query.page, request.query.pageSize);
    },
  );

  for (const action of ['suspend', 'ban', 'reinstate'] as const) {
    app.post(
      `/moderation/accounts/:id/${action}`,
      {
        schema: {
          summary: accountSummaries[action],
          params: userIdParamsSchema,
          body: accountStandingInputSchema,
          response: { 200: accountActionDoneSchema, ...signedInErrors, ...errorResponses(412) },
        },
      },
      async (request) => {
        const actor = await staff(request);
        const outcome = await actOnAccount(db, actor, request.params.id, action, request.body);
        sessions.forgetUser(request.params.id);
        await mailIfChosen(request.params.id, outcome.notification);
        return { standing: outcome.standing, until: outcome.until };
      },
    );
  }
};
