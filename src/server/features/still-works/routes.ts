import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameIdParamsSchema } from '../../../shared/games';
import {
  checkNowResultSchema,
  gameCheckPageSchema,
  gameCheckQuerySchema,
  gameWorkStatusSchema,
  healthUrlInputSchema,
  healthUrlSchema,
  worksForMeReceiptSchema,
} from '../../../shared/still-works';
import type { FeatureOptions } from '../../feature-options';
import { errorResponses, signedInErrors } from '../../http/error-responses';
import { checkDepsFor } from './check-deps';
import { checkNow, gameWorkStatus, healthUrlOf, listChecks, reportNotWorking, setHealthUrl } from './service';

const noStore = { 'cache-control': 'no-store' };

/** "Still works" (decision 0067): scheduled checks of games' outside addresses, players' signals, the maker's history. */
export const stillWorksRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, config }) => {
  const { db } = database;
  const { sessions, messenger } = accounts;
  const deps = checkDepsFor(config, db, messenger, app.log);

  app.get(
    '/games/:id/status',
    {
      schema: {
        summary: 'Whether a game still works: Working, Having problems or Not working, and when it was last checked',
        params: gameIdParamsSchema,
        response: { 200: gameWorkStatusSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return gameWorkStatus(db, request.params.id);
    },
  );

  app.post(
    '/games/:id/works-for-me',
    {
      schema: {
        summary: "Says a game doesn't work for you: once a week per game",
        params: gameIdParamsSchema,
        response: { 200: worksForMeReceiptSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const actor = await sessions.requireUser(request);
      return { counted: true as const, status: await reportNotWorking(db, actor, request.params.id) };
    },
  );

  app.get(
    '/me/games/:id/checks',
    {
      schema: {
        summary: "Your game's check history, newest first",
        params: gameIdParamsSchema,
        querystring: gameCheckQuerySchema,
        response: { 200: gameCheckPageSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await sessions.requireUser(request);
      reply.headers(noStore);
      return listChecks(db, actor, request.params.id, request.query);
    },
  );

  app.post(
    '/me/games/:id/checks',
    {
      schema: {
        summary: 'Checks your game now (once every 10 minutes) and answers the result',
        params: gameIdParamsSchema,
        response: { 200: checkNowResultSchema, ...signedInErrors, ...errorResponses(412) },
      },
    },
    async (request) => checkNow(db, await sessions.requireUser(request), request.params.id, deps),
  );

  app.get(
    '/me/games/:id/health-url',
    {
      schema: {
        summary: "Your game's health address (null: its play URL is checked)",
        params: gameIdParamsSchema,
        response: { 200: healthUrlSchema, ...signedInErrors },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await healthUrlOf(db, await sessions.requireUser(request), request.params.id)),
  );

  app.put(
    '/me/games/:id/health-url',
    {
      schema: {
        summary: "Sets your game's health address, checked instead of its play URL (null to clear)",
        params: gameIdParamsSchema,
        body: healthUrlInputSchema,
        response: { 200: healthUrlSchema, ...signedInErrors },
      },
    },
    async (request) => setHealthUrl(db, await sessions.requireUser(request), request.params.id, request.body.healthUrl),
  );
};
