import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataExportSchema } from '../../../shared/data-export';
import type { FeatureOptions } from '../../feature-options';
import { signedInErrors } from '../../http/error-responses';
import { createLimiter } from '../../http/limits/limiter';
import { exportMemberData } from './service';

export const dataExportRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts }) => {
  const limiter = createLimiter(database);
  app.get(
    '/me/export',
    {
      schema: {
        summary: 'Downloads everything kept about you as one JSON file (5 an hour)',
        response: { 200: dataExportSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      const data = await exportMemberData(database.db, limiter, actor);
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="gamesource-data-${data.exportedAt.slice(0, 10)}.json"`);
      return data;
    },
  );
};
