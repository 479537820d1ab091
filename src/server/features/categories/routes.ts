import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryListSchema } from '../../../shared/categories';
import type { FeatureOptions } from '../../feature-options';
import { markPossiblyStale } from '../../http/possibly-stale';
import { sendJson } from '../../http/send-json';
import { viewerAndHidden } from '../not-interested';
import { createCategoryList } from './category-list';

export const categoriesRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, catalogue, accounts, live }) => {
  const categoryListJson = createCategoryList(database.db, catalogue);
  app.get(
    '/categories',
    {
      schema: {
        summary: 'Every category with its game count (without the games you said "Not interested" to)',
        response: { 200: categoryListSchema },
      },
      config: { publicRead: true },
    },
    async (request, reply) => {
      const whenStale = markPossiblyStale(reply);
      const { hidden } = await viewerAndHidden(database.db, live, accounts.sessions, request, whenStale);
      if (hidden.size > 0) reply.header('cache-control', 'private, no-store');
      return sendJson(reply, await categoryListJson(hidden, whenStale));
    },
  );
};
