import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gameIdParamsSchema,
  gamePageSchema,
  gameSchema,
} from '../../../shared/games';
import { catalogueQuerySchema } from '../../../shared/catalogue';
import { errorBodySchema } from '../../../shared/errors';
import type { FeatureOptions } from '../feature-options';
import { getPublishedGame, listGames } from './service';

export const gamesRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, config }) => {
  app.get(
    '/games',
    {
      schema: {
        querystring: catalogueQuerySchema,
        response: { 200: gamePageSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const page = await listGames(database.db, request.query, config.baseUrl);
      return { ...page, items: page.items.map((game) => ({ ...game, id: String(game.id) })) };
    },
  );

  app.get(
    '/games/:id',
    {
      schema: {
        params: gameIdParamsSchema,
        response: { 200: gameSchema, 404: errorBodySchema },
      },
    },
    async (request) => getPublishedGame(database.db, request.params.id, config.baseUrl),
  );
};
