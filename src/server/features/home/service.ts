import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { GameListItem } from '../../../shared/games';
import type { CategorySlug } from '../../../shared/categories';
import { HOME_SECTION_SIZE, type Home } from '../../../shared/home';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { favouriteCategories, favourites, games } from '../../db/schema';
import { descending } from '../../db/order';
import { selectGames, toGame, type CatalogueIndex } from '../games';
import { notHidden } from '../not-interested';

const published = eq(games.status, 'published');

/** Listed, and not among the games the viewer said "Not interested" to. */
const shown = (hidden: ReadonlySet<number>): SQL | undefined => and(published, notHidden(hidden));

type Rows = Awaited<ReturnType<typeof selectGames>>;
const listItems = (rows: Rows, baseUrl: string): GameListItem[] =>
  rows.map((row) => ({ ...toGame(row, baseUrl), id: String(row.id) }));

/** Admin-picked games, newest first (the partial index on featured games). */
function featured(db: Db, hidden: ReadonlySet<number>) {
  return selectGames(db)
    .where(and(shown(hidden), eq(games.featured, true)))
    .orderBy(descending(games.publishedAt), descending(games.id))
    .limit(HOME_SECTION_SIZE);
}

/** Most plays in the last 7 days (games_trending_idx); games nobody played lately are left out. */
function trending(db: Db, hidden: ReadonlySet<number>) {
  return selectGames(db)
    .where(and(shown(hidden), gt(games.recentPlays, 0)))
    .orderBy(descending(games.recentPlays), descending(games.playCount), descending(games.id))
    .limit(HOME_SECTION_SIZE);
}

function newest(db: Db, hidden: ReadonlySet<number>) {
  return selectGames(db).where(shown(hidden)).orderBy(descending(games.createdAt), descending(games.id)).limit(HOME_SECTION_SIZE);
}

function topRated(db: Db, hidden: ReadonlySet<number>) {
  return selectGames(db)
    .where(shown(hidden))
    .orderBy(descending(games.weightedRating), descending(games.id))
    .limit(HOME_SECTION_SIZE);
}

/**
 * The sections everyone sees: the same for every visitor, so they may be cached briefly; a user
 * who hid games gets their own, without them.
 */
export async function publicSections(db: Db, baseUrl: string, hidden: ReadonlySet<number> = new Set()): Promise<Omit<Home, 'forYou' | 'favouriteIds'>> {
  const [featuredRows, trendingRows, newestRows, topRatedRows] = await Promise.all([
    featured(db, hidden),
    trending(db, hidden),
    newest(db, hidden),
    topRated(db, hidden),
  ]);
  return {
    featured: listItems(featuredRows, baseUrl),
    trending: listItems(trendingRows, baseUrl),
    newest: listItems(newestRows, baseUrl),
    topRated: listItems(topRatedRows, baseUrl),
  };
}

/** The user's favourite categories, in their order, and all their favourite games: one statement, as every signed-in home page asks it. */
const personalFactsStatement = preparedStatement((db) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      categories: sql<CategorySlug[]>`array(select ${favouriteCategories.categorySlug} from ${favouriteCategories} where ${favouriteCategories.userId} = ${userId} order by ${favouriteCategories.position})`,
      favouriteIds: sql<number[]>`array(select ${favourites.gameId} from ${favourites} where ${favourites.userId} = ${userId} order by 1)`,
    })
    .from(sql`(select 1) as one`)
    .prepare('home_personal_facts');
});

/**
 * "For you" and the hearts of the shared sections' games, as the members of a JSON object.
 * "For you" is the listed games in the user's favourite categories that are neither their
 * favourites nor hidden by them, those in more of the categories first, then the best rated:
 * from the catalogue in memory, which a grouping of every game in those categories took
 * seconds to answer at 100,000 games. Its games are never favourites, so the hearts are those
 * among the shared sections.
 */
export async function personalHomeJson(db: Db, index: CatalogueIndex, actor: Actor, sharedIds: number[], hidden: ReadonlySet<number>): Promise<string> {
  const [facts] = await personalFactsStatement(db).execute({ userId: actor.id });
  const categories = facts?.categories ?? [];
  const favouriteIds = facts?.favouriteIds ?? [];
  const leftOut = new Set([...hidden, ...favouriteIds]);
  const forYouCards = await index.cardsJson(index.bestInCategories(categories, leftOut, HOME_SECTION_SIZE));
  const shared = new Set(sharedIds);
  const hearts = favouriteIds.filter((id) => shared.has(id));
  return `"forYou":{"categories":${JSON.stringify(categories)},"items":[${forYouCards.join(',')}]},"favouriteIds":${JSON.stringify(hearts)}`;
}
