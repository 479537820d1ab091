import { and, eq, gt, type SQL } from 'drizzle-orm';
import type { GameListItem } from '../../../shared/games';
import { HOME_SECTION_SIZE, type Home } from '../../../shared/home';
import type { Actor } from '../../auth/session';
import { selectGames, toGame, type CatalogueIndex } from '../../catalogue';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { games } from '../../db/schema';
import { jsonArray, jsonText, objectJson } from '../../http/json-text';
import type { LiveHub } from '../../live/hub';
import { favouriteIdsOf, heartsAmong } from '../games';
import { notHidden } from '../not-interested';
import { favouriteCategoriesOf } from '../profiles';

const published = eq(games.status, 'published');

/** Listed, and not among the games the viewer said "Not interested" to. */
const shown = (hidden: ReadonlySet<number>): SQL | undefined => and(published, notHidden(hidden));

type Rows = Awaited<ReturnType<typeof selectGames>>;
const listItems = (rows: Rows, baseUrl: string): GameListItem[] => rows.map((row) => ({ ...toGame(row, baseUrl), id: String(row.id) }));

/** Admin-picked games, newest first (the partial index on featured games). */
function featured(db: Db, hidden: ReadonlySet<number>, limit: number) {
  return selectGames(db)
    .where(and(shown(hidden), eq(games.featured, true)))
    .orderBy(descending(games.publishedAt), descending(games.id))
    .limit(limit);
}

/** Most plays in the last 7 days (games_trending_idx); games nobody played lately are left out. */
function trending(db: Db, hidden: ReadonlySet<number>, limit: number) {
  return selectGames(db)
    .where(and(shown(hidden), gt(games.recentPlays, 0)))
    .orderBy(descending(games.recentPlays), descending(games.playCount), descending(games.id))
    .limit(limit);
}

function newest(db: Db, hidden: ReadonlySet<number>, limit: number) {
  return selectGames(db).where(shown(hidden)).orderBy(descending(games.createdAt), descending(games.id)).limit(limit);
}

function topRated(db: Db, hidden: ReadonlySet<number>, limit: number) {
  return selectGames(db).where(shown(hidden)).orderBy(descending(games.weightedRating), descending(games.id)).limit(limit);
}

/** Featured, trending, newest and top rated. */
export type Sections = Omit<Home, 'forYou' | 'favouriteIds'>;
const sectionNames = ['featured', 'trending', 'newest', 'topRated'] as const;

/**
 * The sections, `size` games each at most, without the `hidden` games: the same for every
 * visitor, so they may be cached briefly.
 */
export async function publicSections(db: Db, baseUrl: string, hidden: ReadonlySet<number>, size = HOME_SECTION_SIZE): Promise<Sections> {
  const [featuredRows, trendingRows, newestRows, topRatedRows] = await Promise.all([
    featured(db, hidden, size),
    trending(db, hidden, size),
    newest(db, hidden, size),
    topRated(db, hidden, size),
  ]);
  return {
    featured: listItems(featuredRows, baseUrl),
    trending: listItems(trendingRows, baseUrl),
    newest: listItems(newestRows, baseUrl),
    topRated: listItems(topRatedRows, baseUrl),
  };
}

/**
 * Sections read `depth` games deep, cut to HOME_SECTION_SIZE without the `hidden` games; or
 * undefined when a section lost so many that a game past that depth may belong in it.
 */
export function sectionsWithout(deep: Sections, hidden: ReadonlySet<number>, depth: number): Sections | undefined {
  const cut = {} as Sections;
  for (const name of sectionNames) {
    const kept = deep[name].filter((game) => !hidden.has(Number(game.id)));
    if (kept.length < HOME_SECTION_SIZE && deep[name].length === depth) return undefined;
    cut[name] = kept.slice(0, HOME_SECTION_SIZE);
  }
  return cut;
}

/**
 * "For you" and the hearts of the shared sections' games, as the members of a JSON object.
 * "For you" is the listed games in the user's favourite categories that are neither their
 * favourites nor hidden by them, those in more of the categories first, then the best rated:
 * from the catalogue in memory, which a grouping of every game in those categories took
 * seconds to answer at 100,000 games. Its games are never favourites, so the hearts are those
 * among the shared sections.
 */
export async function personalHomeJson(
  db: Db,
  live: LiveHub,
  index: CatalogueIndex,
  actor: Actor,
  sharedIds: number[],
  hidden: ReadonlySet<number>,
): Promise<string> {
  const [categories, favouriteIds] = await Promise.all([favouriteCategoriesOf(db, live, actor.id), favouriteIdsOf(db, live, actor.id)]);
  const leftOut = new Set([...hidden, ...favouriteIds]);
  const forYouCards = await index.cardsJson(index.bestInCategories(categories, leftOut, HOME_SECTION_SIZE));
  return objectJson({
    forYou: jsonText(objectJson({ categories, items: jsonArray(forYouCards) })),
    favouriteIds: heartsAmong(favouriteIds, sharedIds),
  });
}
