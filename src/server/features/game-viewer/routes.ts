import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors';
import { gameViewerQuerySchema, gameViewerSchema } from '../../../shared/game-viewer';
import { gameIdParamsSchema } from '../../../shared/games';
import type { FeatureOptions } from '../../feature-options';
import { sendJson } from '../../http/send-json';
import { gameViewerJson } from './service';

export const gameViewerRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, catalogue, live }) => {
  app.get(
    '/games/:id/viewer',
    {
      schema: {
        summary: 'What a game page shows only you (your hearts, your review) with the similar games and the newest reviews, in one call',
        params: gameIdParamsSchema,
        querystring: gameViewerQuerySchema,
        response: { 200: gameViewerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const [viewer, index] = await Promise.all([accounts.sessions.currentUser(request), catalogue.index({ search: false })]);
      // The viewer's own facts: no shared cache may keep them.
      reply.header('cache-control', 'private, no-store');
      return sendJson(reply, await gameViewerJson(database.db, live, index, request.params.id, viewer, request.query));
    },
  );
};
