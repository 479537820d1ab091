import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryListSchema } from '../../../shared/categories';
import type { FeatureOptions } from '../feature-options';
import { listCategories } from './service';

export const categoriesRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database }) => {
  app.get('/categories', { schema: { response: { 200: categoryListSchema } } }, async () => ({
    items: await listCategories(database.db),
  }));
};
