import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOME_SECTION_SIZE, homeSchema } from '../../../shared/home';
import { isDatabaseUnavailable } from '../../db/errors';
import type { FeatureOptions } from '../../feature-options';
import { markPossiblyStale, unlessUnreachable } from '../../http/possibly-stale';
import { sendJson } from '../../http/send-json';
import { createTtlCache } from '../../http/ttl-cache';
import { viewerAndHidden } from '../not-interested';
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

const NOTHING_OF_THEIR_OWN = '"forYou":null,"favouriteIds":null';

export const homeRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, catalogue, config }) => {
  const { db } = database;
  const nothingHidden: ReadonlySet<number> = new Set();
  // The shared sections are the same for everyone: read deeper and reused for up to HOME_CACHE_MS, with everyone's answer as JSON text.
  const cache = createTtlCache<{ deep: Sections; everyone: ReturnType<typeof answerOf> }>(config.homeCacheMs, 1);
  /** The last shared sections read and when their read started: what an outage answers with (decision 0056). */
  let last: { shared: { deep: Sections; everyone: ReturnType<typeof answerOf> }; readAt: number } | undefined;
  const readShared = async () => {
    const readAt = Date.now();
    const deep = await publicSections(db, config.baseUrl, nothingHidden, SHARED_DEPTH);
    const shared = { deep, everyone: answerOf(sectionsWithout(deep, nothingHidden, SHARED_DEPTH)!) };
    last = { shared, readAt };
    return shared;
  };
  const sharedSections = async (whenStale: (upToDateAt: number) => void) => {
    try {
      return await cache.get('home', readShared);
    } catch (error) {
      if (!last || !isDatabaseUnavailable(error)) throw error;
      whenStale(last.readAt);
      return last.shared;
    }
  };
  /** Without the games this viewer hid: everyone's when none is shown, cut from the shared read when it holds enough, their own read when not. */
  const sectionsFor = async (hidden: ReadonlySet<number>, whenStale: (upToDateAt?: number) => void) => {
    const { deep, everyone } = await sharedSections(whenStale);
    if (!everyone.gameIds.some((id) => hidden.has(id))) return everyone;
    const cut = sectionsWithout(deep, hidden, SHARED_DEPTH);
    if (cut) return answerOf(cut);
    return unlessUnreachable(async () => answerOf(await publicSections(db, config.baseUrl, hidden)), everyone, whenStale);
  };

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
      const { viewer: actor, hidden } = await viewerAndHidden(db, accounts.sessions, request, whenStale);
      // A member's "For you" comes from the catalogue, which catches up while the sections are read.
      const [sections, index] = await Promise.all([sectionsFor(hidden, whenStale), actor && catalogue.index({ search: false, whenStale })]);
      const own =
        actor && index
          ? await unlessUnreachable(() => personalHomeJson(db, index, actor, sections.gameIds, hidden), NOTHING_OF_THEIR_OWN, whenStale)
          : NOTHING_OF_THEIR_OWN;
      // "For you" and the hearts belong to one user: no shared cache may keep them.
      reply.header('cache-control', 'private, no-store');
      return sendJson(reply, `${sections.json.slice(0, -1)},${own}}`);
    },
  );
};
