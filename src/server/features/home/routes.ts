import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOME_SECTION_SIZE, homeSchema } from '../../../shared/home';
import { createTtlCache } from '../../http/ttl-cache';
import { sendJson } from '../../http/send-json';
import type { FeatureOptions } from '../../feature-options';
import { hiddenGameIds } from '../not-interested';
import { personalHomeJson, publicSections, sectionsWithout, type Sections } from './service';

/**
 * How deep the shared sections are read: one who said "Not interested" to a few of their games
 * still gets full sections from the shared read (four statements of their own took a signed-in
 * home from about 3,800 to 400 requests a second at 100,000 games).
 */
const SHARED_DEPTH = 2 * HOME_SECTION_SIZE;

/** The sections as JSON text, and the ids of the games in them (for the hearts). */
function answerOf(sections: Sections) {
  const gameIds = [...sections.featured, ...sections.trending, ...sections.newest, ...sections.topRated].map((game) => Number(game.id));
  return { json: JSON.stringify(sections), gameIds };
}

export const homeRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, catalogue, config }) => {
  const { db } = database;
  const nothingHidden: ReadonlySet<number> = new Set();
  // The shared sections are the same for everyone: read deeper and reused for up to HOME_CACHE_MS, with everyone's answer as JSON text.
  const cache = createTtlCache<{ deep: Sections; everyone: ReturnType<typeof answerOf> }>(config.homeCacheMs, 1);
  const sharedSections = () =>
    cache.get('home', async () => {
      const deep = await publicSections(db, config.baseUrl, nothingHidden, SHARED_DEPTH);
      return { deep, everyone: answerOf(sectionsWithout(deep, nothingHidden, SHARED_DEPTH)!) };
    });
  /** Without the games this viewer hid: everyone's when none is shown, cut from the shared read when it holds enough, their own read when not. */
  const sectionsFor = async (hidden: ReadonlySet<number>) => {
    const { deep, everyone } = await sharedSections();
    if (!everyone.gameIds.some((id) => hidden.has(id))) return everyone;
    return answerOf(sectionsWithout(deep, hidden, SHARED_DEPTH) ?? (await publicSections(db, config.baseUrl, hidden)));
  };

  app.get('/home', { schema: { summary: 'The home page: featured, trending, newest, top rated; "For you" and your hearts when signed in', response: { 200: homeSchema } } }, async (request, reply) => {
    const actor = await accounts.sessions.currentUser(request);
    const hidden = await hiddenGameIds(db, actor);
    // A member's "For you" comes from the catalogue, which catches up while the sections are read.
    const [sections, index] = await Promise.all([sectionsFor(hidden), actor && catalogue.index({ search: false })]);
    const own = actor && index ? await personalHomeJson(db, index, actor, sections.gameIds, hidden) : '"forYou":null,"favouriteIds":null';
    // "For you" and the hearts belong to one user: no shared cache may keep them.
    reply.header('cache-control', 'private, no-store');
    return sendJson(reply, `${sections.json.slice(0, -1)},${own}}`);
  });
};
