import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../shared/errors';
import { databaseStatusSchema, healthSchema, readinessSchema } from '../../../shared/health';
import type { FeatureOptions } from '../../feature-options';
import { runOnThisInstance } from '../../jobs/every-instance';
import { createReadiness, READINESS_CHECK_MS } from './readiness';
import { checkHealth, databaseStatus } from './service';

export const systemRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, catalogue }) => {
  const readiness = createReadiness(database, catalogue);
  runOnThisInstance(app, { name: 'readiness check', everyMs: READINESS_CHECK_MS, run: readiness.check });

  app.get(
    '/health',
    { schema: { summary: 'Whether this instance is up', response: { 200: healthSchema } }, config: { publicRead: 'uncounted' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkHealth(database);
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        summary: 'Whether this instance is ready to serve (503 until it is)',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
      config: { publicRead: 'uncounted' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const status = readiness.status();
      return reply.status(status.status === 'ready' ? 200 : 503).send(status);
    },
  );

  app.get(
    '/system/database',
    { schema: { summary: 'The database: reachable, migrated, which kind', response: { 200: databaseStatusSchema, 503: errorBodySchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return databaseStatus(database);
    },
  );
};
