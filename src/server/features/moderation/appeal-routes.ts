import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appealDecidedSchema,
  appealDecisionInputSchema,
  appealIdParamsSchema,
  appealInputSchema,
  appealQueueQuerySchema,
  appealQueueSchema,
  appealReceiptSchema,
  decisionIdParamsSchema,
  myDecisionsQuerySchema,
  myDecisionsSchema,
} from '../../../shared/appeals';
import type { FeatureOptions } from '../../feature-options';
import { errorResponses, signedInErrors } from '../../http/error-responses';
import { audienceOf, mailNotification } from '../notifications';
import { appealQueue } from './appeal-queue';
import { decideAppeal, fileAppeal, myDecisions } from './appeals';

export const appealRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, config }) => {
  const { db } = database;
  const { sessions, messenger } = accounts;
  const staff = (request: Parameters<typeof sessions.requireRole>[0]) => sessions.requireRole(request, 'moderator', 'admin');

  app.get(
    '/me/decisions',
    {
      schema: {
        summary: 'Moderators’ decisions about you, newest first, each with its appeal',
        querystring: myDecisionsQuerySchema,
        response: { 200: myDecisionsSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await sessions.requireUser(request);
      reply.header('cache-control', 'no-store');
      return myDecisions(db, actor, request.query.page, request.query.pageSize);
    },
  );

  app.post(
    '/moderation/decisions/:id/appeal',
    {
      schema: {
        summary: 'Appeals a decision about you, once: another moderator decides',
        params: decisionIdParamsSchema,
        body: appealInputSchema,
        response: { 201: appealReceiptSchema, ...signedInErrors, ...errorResponses(409, 412) },
      },
    },
    async (request, reply) => {
      const actor = await sessions.requireUser(request);
      return reply.code(201).send(await fileAppeal(db, actor, request.params.id, request.body));
    },
  );

  app.get(
    '/moderation/appeals',
    {
      schema: {
        summary: 'Appeals: open ones oldest first, or decided ones latest first (staff)',
        querystring: appealQueueQuerySchema,
        response: { 200: appealQueueSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await staff(request);
      reply.header('cache-control', 'no-store');
      return appealQueue(db, actor, request.query.status, request.query.page, request.query.pageSize);
    },
  );

  app.post(
    '/moderation/appeals/:id',
    {
      schema: {
        summary: 'Upholds or overturns an appeal, finally, with a reason the author is shown; never by the moderator who decided (staff)',
        params: appealIdParamsSchema,
        body: appealDecisionInputSchema,
        response: { 200: appealDecidedSchema, ...signedInErrors, ...errorResponses(412) },
      },
    },
    async (request) => {
      const actor = await staff(request);
      const outcome = await decideAppeal(db, actor, request.params.id, request.body);
      if (outcome.restored) sessions.forgetUser(outcome.restored);
      if (outcome.author) {
        const { userId, notification } = outcome.author;
        const { email } = await audienceOf(db, [userId], 'moderation');
        if (email.length > 0) await mailNotification(db, messenger, app.log, userId, notification, config.baseUrl);
      }
      return { appeal: outcome.appeal, undone: outcome.undone };
    },
  );
};
