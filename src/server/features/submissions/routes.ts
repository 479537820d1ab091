import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameIdParamsSchema } from '../../../shared/games';
import {
  createSubmissionSchema,
  pageQuerySchema,
  saveDraftSchema,
  submissionIdParamsSchema,
  gameStatsSchema,
  submissionPageSchema,
  submissionSchema,
  submissionViewSchema,
} from '../../../shared/submissions';
import type { FeatureOptions } from '../../feature-options';
import { signedInErrors } from '../../http/error-responses';
import { buildGameOf } from './build-game';
import { createSubmission, getSubmission, listMySubmissions, saveDraft, submitForReview, withdrawSubmission } from './service';
import { gameStats } from './stats';

const submissionAnswerSchema = z.object({ submission: submissionViewSchema });
const answers = { 200: submissionAnswerSchema, ...signedInErrors };

const buildGameSchema = z.object({ gameId: z.number().int() });

const submitBodySchema = z.object({ payload: submissionSchema.optional() }).strict().optional();

export const submissionsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts }) => {
  const { db } = database;
  const noStore = { 'cache-control': 'no-store' };

  app.post(
    '/submissions',
    {
      schema: {
        summary: 'Starts a draft (201); for an edit of your listed game, answers its open draft if there is one (200)',
        body: createSubmissionSchema,
        response: { 201: submissionAnswerSchema, ...answers },
      },
    },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      const { submission, created } = await createSubmission(db, actor, request.body);
      return reply.status(created ? 201 : 200).send({ submission });
    },
  );

  app.get(
    '/submissions/:id',
    { schema: { summary: 'One of your submissions (or any, for staff)', params: submissionIdParamsSchema, response: answers } },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      reply.headers(noStore);
      return { submission: await getSubmission(db, actor, request.params.id) };
    },
  );

  app.put(
    '/submissions/:id',
    { schema: { summary: 'Saves the draft', params: submissionIdParamsSchema, body: saveDraftSchema, response: answers } },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      return { submission: await saveDraft(db, actor, request.params.id, request.body.payload) };
    },
  );

  app.post(
    '/submissions/:id/submit',
    {
      schema: {
        summary: 'Checks every field and sends the submission for review',
        params: submissionIdParamsSchema,
        body: submitBodySchema,
        response: answers,
      },
    },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      return { submission: await submitForReview(db, actor, request.params.id, request.body?.payload) };
    },
  );

  app.post(
    '/submissions/:id/withdraw',
    { schema: { summary: 'Withdraws a submission waiting for review', params: submissionIdParamsSchema, response: answers } },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      return { submission: await withdrawSubmission(db, actor, request.params.id) };
    },
  );

  app.post(
    '/submissions/:id/build-game',
    {
      schema: {
        summary:
          "The game this submission's web build is uploaded to (POST /api/games/:id/builds): the listed game it edits, or for a new game an unlisted one made on first use and listed by its approval",
        params: submissionIdParamsSchema,
        response: { 200: buildGameSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      return { gameId: await buildGameOf(db, actor, request.params.id) };
    },
  );

  app.get(
    '/me/submissions',
    {
      schema: {
        summary: 'Your submissions, newest first',
        querystring: pageQuerySchema,
        response: { 200: submissionPageSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      reply.headers(noStore);
      return listMySubmissions(db, actor, request.query.page, request.query.pageSize);
    },
  );

  app.get(
    '/me/games/:id/stats',
    {
      schema: {
        summary: "Your listed game's rating, reviews, and plays and favourites per day",
        params: gameIdParamsSchema,
        response: { 200: gameStatsSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      reply.headers(noStore);
      return gameStats(db, actor, request.params.id);
    },
  );
};
