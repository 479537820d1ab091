import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicListsPageSchema, publicListsQuerySchema } from '../../../shared/public-lists';
import type { FeatureOptions } from '../../feature-options';
import { errorResponses } from '../../http/error-responses';
import { browsePublicLists } from './service';

/** Public game lists, for anyone to browse. The lists themselves live in the document store. */
export const listsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database }) => {
  app.get(
    '/lists/public',
    {
      schema: {
        summary: 'Public game lists with their makers, newest or most games first',
        querystring: publicListsQuerySchema,
        response: { 200: publicListsPageSchema, ...errorResponses(400) },
      },
      config: { publicRead: true },
    },
    async (request) => browsePublicLists(database.db, request.query),
  );
};
