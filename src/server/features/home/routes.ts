import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeSchema } from '../../../shared/home';
import { createTtlCache } from '../../http/ttl-cache';
import type { FeatureOptions } from '../feature-options';
import { forYou, publicSections } from './service';

export const homeRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, config }) => {
  // The shared sections are the same for everyone: reuse an answer for up to CATALOGUE_CACHE_MS.
  const cache = createTtlCache<Awaited<ReturnType<typeof publicSections>>>(config.catalogueCacheMs, 1);

  app.get('/home', { schema: { response: { 200: homeSchema } } }, async (request, reply) => {
    const actor = await accounts.sessions.currentUser(request);
    const [sections, personal] = await Promise.all([
      cache.get('home', () => publicSections(database.db, config.baseUrl)),
      actor ? forYou(database.db, actor, config.baseUrl) : null,
    ]);
    // "For you" belongs to one user: no shared cache may keep it.
    reply.header('cache-control', 'private, no-store');
    return { ...sections, forYou: personal };
  });
};
