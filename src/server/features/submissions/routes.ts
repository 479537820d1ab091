import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createSubmissionSchema,
  pageQuerySchema,
  saveDraftSchema,
  submissionIdParamsSchema,
  submissionSchema,
} from '../../../shared/submissions';
import { gameIdParamsSchema } from '../../../shared/games';
import type { FeatureOptions } from '../../feature-options';
import { gameStats } from './stats';
import {
  createSubmission,
  getSubmission,
  listMySubmissions,
  saveDraft,
  submitForReview,
  withdrawSubmission,
} from './service';

const submitBodySchema = z.object({ payload: submissionSchema.optional() }).strict().optional();

export const submissionsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts }) => {
  const { db } = database;
  const noStore = { 'cache-control': 'no-store' };

  app.post('/submissions', { schema: { body: createSubmissionSchema } }, async (request, reply) => {
    const actor = await accounts.sessions.requireUser(request);
    const { submission, created } = await createSubmission(db, actor, request.body);
    return reply.status(created ? 201 : 200).send({ submission });
  });

  app.get('/submissions/:id', { schema: { params: submissionIdParamsSchema } }, async (request, reply) => {
    const actor = await accounts.sessions.requireUser(request);
    reply.headers(noStore);
    return { submission: await getSubmission(db, actor, request.params.id) };
  });

  app.put('/submissions/:id', { schema: { params: submissionIdParamsSchema, body: saveDraftSchema } }, async (request) => {
    const actor = await accounts.sessions.requireUser(request);
    return { submission: await saveDraft(db, actor, request.params.id, request.body.payload) };
  });

  app.post('/submissions/:id/submit', { schema: { params: submissionIdParamsSchema, body: submitBodySchema } }, async (request) => {
    const actor = await accounts.sessions.requireUser(request);
    return { submission: await submitForReview(db, actor, request.params.id, request.body?.payload) };
  });

  app.post('/submissions/:id/withdraw', { schema: { params: submissionIdParamsSchema } }, async (request) => {
    const actor = await accounts.sessions.requireUser(request);
    return { submission: await withdrawSubmission(db, actor, request.params.id) };
  });

  app.get('/me/submissions', { schema: { querystring: pageQuerySchema } }, async (request, reply) => {
    const actor = await accounts.sessions.requireUser(request);
    reply.headers(noStore);
    return listMySubmissions(db, actor, request.query.page, request.query.pageSize);
  });

  app.get('/me/games/:id/stats', { schema: { params: gameIdParamsSchema } }, async (request, reply) => {
    const actor = await accounts.sessions.requireUser(request);
    reply.headers(noStore);
    return gameStats(db, actor, request.params.id);
  });
};
