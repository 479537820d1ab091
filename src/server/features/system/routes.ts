import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors';
import { databaseStatusSchema, healthSchema } from '../../../shared/health';
import type { FeatureOptions } from '../feature-options';
import { checkHealth, databaseStatus } from './service';

export const systemRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database }) => {
  app.get(
    '/health',
    { schema: { response: { 200: healthSchema, 503: errorBodySchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkHealth(database);
    },
  );

  app.get(
    '/system/database',
    { schema: { response: { 200: databaseStatusSchema, 503: errorBodySchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return databaseStatus(database);
    },
  );
};
