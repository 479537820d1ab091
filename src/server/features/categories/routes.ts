import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryListSchema } from '../../../shared/categories';
import { sendJson } from '../../http/send-json';
import type { FeatureOptions } from '../../feature-options';
import { createCategoryList } from './category-list';

export const categoriesRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, catalogue }) => {
  const categoryListJson = createCategoryList(database.db, catalogue);
  app.get(
    '/categories',
    { schema: { summary: 'Every category with its game count', response: { 200: categoryListSchema } }, config: { publicRead: true } },
    async (_request, reply) =>
    sendJson(reply, await categoryListJson()),
  );
};
