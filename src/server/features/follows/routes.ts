import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors';
import { followingFeedQuerySchema, followingFeedSchema, followStateSchema } from '../../../shared/follows';
import { gameIdParamsSchema } from '../../../shared/games';
import { userIdParamsSchema } from '../../../shared/profiles';
import type { FeatureOptions } from '../../feature-options';
import { sendJson } from '../../http/send-json';
import { followGame, followingFeedJson, followMaker, gameFollowState, makerFollowState, unfollowGame, unfollowMaker } from './service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const answersState = { response: { 200: followStateSchema, ...errors } };

/** Following makers and games, and the Following feed. */
export const followsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, catalogue, live }) => {
  const { db } = database;
  const { sessions } = accounts;

  app.get(
    '/makers/:id/follow',
    { schema: { summary: 'Whether you follow a maker, and how many do', params: userIdParamsSchema, ...answersState } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return makerFollowState(db, await sessions.currentUser(request), request.params.id);
    },
  );
  app.put(
    '/makers/:id/follow',
    { schema: { summary: 'Follows a maker: you hear when they list a game', params: userIdParamsSchema, ...answersState } },
    async (request) => followMaker(db, await sessions.requireUser(request), request.params.id),
  );
  app.delete(
    '/makers/:id/follow',
    { schema: { summary: 'Stops following a maker', params: userIdParamsSchema, ...answersState } },
    async (request) => unfollowMaker(db, await sessions.requireUser(request), request.params.id),
  );

  app.get(
    '/games/:id/follow',
    { schema: { summary: 'Whether you follow a game, and how many do', params: gameIdParamsSchema, ...answersState } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return gameFollowState(db, await sessions.currentUser(request), request.params.id);
    },
  );
  app.put(
    '/games/:id/follow',
    { schema: { summary: 'Follows a game: you hear when it is updated', params: gameIdParamsSchema, ...answersState } },
    async (request) => followGame(db, await sessions.requireUser(request), request.params.id),
  );
  app.delete(
    '/games/:id/follow',
    { schema: { summary: 'Stops following a game', params: gameIdParamsSchema, ...answersState } },
    async (request) => unfollowGame(db, await sessions.requireUser(request), request.params.id),
  );

  app.get(
    '/me/following/feed',
    {
      schema: {
        summary: 'The Following feed: new and updated games from makers and games you follow',
        querystring: followingFeedQuerySchema,
        response: { 200: followingFeedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const [actor, index] = await Promise.all([sessions.requireUser(request), catalogue.index({ search: false })]);
      reply.header('cache-control', 'no-store');
      return sendJson(reply, await followingFeedJson(db, live, index, actor, request.query));
    },
  );
};
