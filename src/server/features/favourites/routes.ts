import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../shared/constants';
import { favouriteIdsSchema, favouritesPageSchema, favouriteStateSchema } from '../../../shared/favourites';
import { gameIdParamsSchema } from '../../../shared/games';
import { idSchema } from '../../../shared/ids';
import { pageQuerySchema } from '../../../shared/pagination';
import type { FeatureOptions } from '../../feature-options';
import { signedInErrors } from '../../http/error-responses';
import { sendJson } from '../../http/send-json';
import { favouriteIdsAmong } from '../games';
import { addFavourite, favouritesPageJson, removeFavourite } from './service';

const idsQuerySchema = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: 'ids must be game ids separated by commas' })
    .meta({ description: 'Game ids separated by commas', examples: ['1,2,3'] })
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .pipe(z.array(idSchema('Each of ids')).max(MAX_PAGE_SIZE, { error: `ids may name at most ${MAX_PAGE_SIZE} games` })),
});

const favouritesQuerySchema = pageQuerySchema({ defaultSize: 24 });

export const favouritesRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, catalogue, live }) => {
  const { db } = database;

  const favouriteAnswer = { 200: favouriteStateSchema, ...signedInErrors };
  app.put(
    '/games/:id/favourite',
    { schema: { summary: 'Makes a game one of your favourites', params: gameIdParamsSchema, response: favouriteAnswer } },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      await addFavourite(db, actor, request.params.id);
      return { favourite: true };
    },
  );

  app.delete(
    '/games/:id/favourite',
    { schema: { summary: 'Removes a game from your favourites', params: gameIdParamsSchema, response: favouriteAnswer } },
    async (request) => {
      const actor = await accounts.sessions.requireUser(request);
      await removeFavourite(db, actor, request.params.id);
      return { favourite: false };
    },
  );

  app.get(
    '/me/favourites',
    {
      schema: {
        summary: 'Your favourite games, newest first',
        querystring: favouritesQuerySchema,
        response: { 200: favouritesPageSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const [actor, index] = await Promise.all([accounts.sessions.requireUser(request), catalogue.index({ search: false })]);
      reply.header('cache-control', 'no-store');
      return sendJson(reply, await favouritesPageJson(db, index, actor, request.query));
    },
  );

  app.get(
    '/me/favourites/among',
    {
      schema: {
        summary: 'Which of these games are your favourites',
        querystring: idsQuerySchema,
        response: { 200: favouriteIdsSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      reply.header('cache-control', 'no-store');
      // Built as text: ids read from the database need no second check against the schema.
      return sendJson(reply, JSON.stringify({ ids: await favouriteIdsAmong(db, live, actor, request.query.ids) }));
    },
  );
};
