import { HOME_SECTION_SIZE } from '../../../shared/home';
import type { Actor } from '../../auth/actor';
import type { CatalogueIndex } from '../../catalogue';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { joinObjects, objectJson } from '../../http/json-text';
import { unlessUnreachable } from '../../http/possibly-stale';
import { createTtlCache } from '../../http/ttl-cache';
import type { LiveHub } from '../../live/hub';
import { personalHomeJson, publicSections, sectionsWithout, type Sections } from './service';

/**
 * How deep the shared sections are read: one who said "Not interested" to a few of their games
 * still gets full sections from the shared read (four statements of their own took a signed-in
 * home from about 3,800 to 400 requests a second at 100,000 games).
 */
const SHARED_DEPTH = 2 * HOME_SECTION_SIZE;

const NOTHING_OF_THEIR_OWN = objectJson({ forYou: null, favouriteIds: null });

/** The sections as JSON text, and the ids of the games in them (for the hearts). */
function answerOf(sections: Sections) {
  const gameIds = [...sections.featured, ...sections.trending, ...sections.newest, ...sections.topRated].map((game) => Number(game.id));
  return { json: JSON.stringify(sections), gameIds };
}

type Shared = { deep: Sections; everyone: ReturnType<typeof answerOf> };
type WhenStale = (upToDateAt?: number) => void;

/**
 * The home page's answers. The shared sections are the same for everyone: read deeper and reused
 * for up to `cacheMs`, with everyone's answer as JSON text; during an outage the last read
 * answers (decision 0056). A member's "For you" and hearts are theirs alone, never kept.
 */
export function createHomeAnswers(db: Db, live: LiveHub, { baseUrl, cacheMs }: { baseUrl: string; cacheMs: number }) {
  const nothingHidden: ReadonlySet<number> = new Set();
  const cache = createTtlCache<Shared>(cacheMs, 1);
  let last: { shared: Shared; readAt: number } | undefined;

  const readShared = async () => {
    const readAt = Date.now();
    const deep = await publicSections(db, baseUrl, nothingHidden, SHARED_DEPTH);
    const shared = { deep, everyone: answerOf(sectionsWithout(deep, nothingHidden, SHARED_DEPTH)!) };
    last = { shared, readAt };
    return shared;
  };

  const sharedSections = async (whenStale: WhenStale) => {
    try {
      return await cache.get('home', readShared);
    } catch (error) {
      if (!last || !isDatabaseUnavailable(error)) throw error;
      whenStale(last.readAt);
      return last.shared;
    }
  };

  /** Without the games this viewer hid: everyone's when none is shown, cut from the shared read when it holds enough, their own read when not. */
  const sectionsFor = async (hidden: ReadonlySet<number>, whenStale: WhenStale) => {
    const { deep, everyone } = await sharedSections(whenStale);
    if (!everyone.gameIds.some((id) => hidden.has(id))) return everyone;
    const cut = sectionsWithout(deep, hidden, SHARED_DEPTH);
    if (cut) return answerOf(cut);
    return unlessUnreachable(async () => answerOf(await publicSections(db, baseUrl, hidden)), everyone, whenStale);
  };

  /** The home answer for this viewer; `index` (a member's "For you") is awaited beside the sections. */
  return async function homeJson(
    actor: Actor | null,
    hidden: ReadonlySet<number>,
    index: Promise<CatalogueIndex> | null,
    whenStale: WhenStale,
  ): Promise<string> {
    const [sections, caughtUp] = await Promise.all([sectionsFor(hidden, whenStale), index]);
    const own =
      actor && caughtUp
        ? await unlessUnreachable(
            () => personalHomeJson(db, live, caughtUp, actor, sections.gameIds, hidden),
            NOTHING_OF_THEIR_OWN,
            whenStale,
          )
        : NOTHING_OF_THEIR_OWN;
    return joinObjects(sections.json, own);
  };
}
