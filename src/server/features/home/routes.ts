import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeSchema } from '../../../shared/home';
import type { FeatureOptions } from '../../feature-options';
import { markPossiblyStale } from '../../http/possibly-stale';
import { sendJson } from '../../http/send-json';
import { viewerAndHidden } from '../not-interested';
import { createHomeAnswers } from './home-answers';

export const homeRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, catalogue, config, live }) => {
  const { db } = database;
  const homeJson = createHomeAnswers(db, live, { baseUrl: config.baseUrl, cacheMs: config.homeCacheMs });

  app.get(
    '/home',
    {
      schema: {
        summary: 'The home page: featured, trending, newest, top rated; "For you" and your hearts when signed in',
        response: { 200: homeSchema },
      },
    },
    async (request, reply) => {
      const whenStale = markPossiblyStale(reply);
      const { viewer, hidden } = await viewerAndHidden(db, live, accounts.sessions, request, whenStale);
      // A member's "For you" comes from the catalogue, which catches up while the sections are read.
      const json = await homeJson(viewer, hidden, viewer && catalogue.index({ search: false, whenStale }), whenStale);
      // "For you" and the hearts belong to one user: no shared cache may keep them.
      reply.header('cache-control', 'private, no-store');
      return sendJson(reply, json);
    },
  );
};
