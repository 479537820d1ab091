import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeSchema } from '../../../shared/home';
import { createTtlCache } from '../../http/ttl-cache';
import { sendJson } from '../../http/send-json';
import type { FeatureOptions } from '../../feature-options';
import { hiddenGameIds } from '../not-interested';
import { personalHomeJson, publicSections } from './service';

export const homeRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, catalogue, config }) => {
  const { db } = database;
  // The shared sections are the same for everyone: reuse an answer, as JSON text, for up to HOME_CACHE_MS.
  const cache = createTtlCache<{ json: string; gameIds: number[] }>(config.homeCacheMs, 1);
  const ownSections = async (hidden?: ReadonlySet<number>) => {
    const sections = await publicSections(db, config.baseUrl, hidden);
    const { featured, trending, newest, topRated } = sections;
    const gameIds = [...featured, ...trending, ...newest, ...topRated].map((game) => Number(game.id));
    return { json: JSON.stringify(sections), gameIds };
  };
  const sharedSections = () => cache.get('home', () => ownSections());

  app.get('/home', { schema: { summary: 'The home page: featured, trending, newest, top rated; "For you" and your hearts when signed in', response: { 200: homeSchema } } }, async (request, reply) => {
    const actor = await accounts.sessions.currentUser(request);
    const hidden = await hiddenGameIds(db, actor);
    // Someone who said "Not interested" to games gets sections of their own, without them.
    const sections = hidden.size > 0 ? await ownSections(hidden) : await sharedSections();
    const own = actor
      ? await personalHomeJson(db, await catalogue.index({ search: false }), actor, sections.gameIds, hidden)
      : '"forYou":null,"favouriteIds":null';
    // "For you" and the hearts belong to one user: no shared cache may keep them.
    reply.header('cache-control', 'private, no-store');
    return sendJson(reply, `${sections.json.slice(0, -1)},${own}}`);
  });
};
