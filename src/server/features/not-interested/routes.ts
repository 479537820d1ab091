import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gameIdParamsSchema } from '../../../shared/games';
import { hiddenGamesPageSchema, hiddenListQuerySchema, hiddenMakersPageSchema, hiddenStateSchema } from '../../../shared/not-interested';
import { userIdParamsSchema } from '../../../shared/profiles';
import type { FeatureOptions } from '../../feature-options';
import { signedInErrors } from '../../http/error-responses';
import { hideGame, hideMaker, listHiddenGames, listHiddenMakers, showGame, showMaker } from './service';

const answersState = { response: { 200: hiddenStateSchema, ...signedInErrors } };

/** "Not interested": games and makers a user hid from their lists, search and home. */
export const notInterestedRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts }) => {
  const { db } = database;
  const { sessions } = accounts;

  app.put(
    '/games/:id/not-interested',
    { schema: { summary: 'Not interested: hides a game from your lists, search and home', params: gameIdParamsSchema, ...answersState } },
    async (request) => hideGame(db, await sessions.requireUser(request), request.params.id),
  );
  app.delete(
    '/games/:id/not-interested',
    { schema: { summary: 'Shows a game you hid again', params: gameIdParamsSchema, ...answersState } },
    async (request) => showGame(db, await sessions.requireUser(request), request.params.id),
  );
  app.put(
    '/makers/:id/not-interested',
    {
      schema: {
        summary: "Not interested: hides a maker's games from your lists, search and home",
        params: userIdParamsSchema,
        ...answersState,
      },
    },
    async (request) => hideMaker(db, await sessions.requireUser(request), request.params.id),
  );
  app.delete(
    '/makers/:id/not-interested',
    { schema: { summary: "Shows a maker's games you hid again", params: userIdParamsSchema, ...answersState } },
    async (request) => showMaker(db, await sessions.requireUser(request), request.params.id),
  );

  app.get(
    '/me/not-interested/games',
    {
      schema: {
        summary: 'The games you hid, the latest first',
        querystring: hiddenListQuerySchema,
        response: { 200: hiddenGamesPageSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await sessions.requireUser(request);
      reply.header('cache-control', 'no-store');
      return listHiddenGames(db, actor, request.query);
    },
  );
  app.get(
    '/me/not-interested/makers',
    {
      schema: {
        summary: 'The makers you hid, the latest first',
        querystring: hiddenListQuerySchema,
        response: { 200: hiddenMakersPageSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await sessions.requireUser(request);
      reply.header('cache-control', 'no-store');
      return listHiddenMakers(db, actor, request.query);
    },
  );
};
