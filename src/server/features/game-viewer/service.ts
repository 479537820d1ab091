import { sql } from 'drizzle-orm';
import type { GameViewer, GameViewerQuery } from '../../../shared/game-viewer';
import type { Actor } from '../../auth/session';
import { similarGameIds, type CatalogueIndex } from '../../catalogue';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { favourites } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { jsonArray, jsonText, objectJson } from '../../http/json-text';
import type { LiveHub } from '../../live/hub';
import { followStateOf, gameFollowColumns } from '../follows';
import { hiddenGameIds } from '../not-interested';
import { newestReviewPage, newestReviewsColumns, selectMyReview, toMyReview } from '../reviews';
import { workStatusColumns, workStatusOf } from '../still-works';
import { newestUpdatePage, newestUpdatesColumns } from '../updates';

type Facts = Pick<GameViewer, 'favouriteIds' | 'myReview' | 'follow' | 'reviews' | 'updates' | 'workStatus'>;

/**
 * The viewer's review of the game, which of the page's games are their favourites, the game's
 * followers (and whether the viewer is one), and the first pages of the newest reviews and of the
 * maker's updates, in one statement: a game page asks it on every view. Nobody (a null user) has
 * no review, favourites or follow, and made no game.
 */
const viewerFactsStatement = preparedStatement((db) => {
  const userId = sql.placeholder('userId');
  const favouriteIds = sql<
    number[]
  >`array(select ${favourites.gameId} from ${favourites} where ${favourites.userId} = ${userId} and ${favourites.gameId} = any(${sql.placeholder('gameIds')}::int[]) order by 1)`;
  const gameId = sql.placeholder('gameId');
  return selectMyReview(db, userId, {
    favouriteIds,
    ...gameFollowColumns(gameId, userId),
    ...workStatusColumns(gameId),
    ...newestReviewsColumns(gameId, userId, sql.placeholder('reviews')),
    ...newestUpdatesColumns(gameId, sql.placeholder('updates')),
  }).prepare('game_viewer_facts');
});

/** The viewer's own facts only when signed in (anyone else gets none), the follow counts, and the newest reviews and updates asked for. */
async function facts(db: Db, gameIds: number[], viewer: Actor | null, { reviews, updates }: GameViewerQuery): Promise<Facts> {
  const gameId = gameIds[0]!;
  const [row] = await viewerFactsStatement(db).execute({ gameId, gameIds, userId: viewer?.id ?? null, reviews, updates });
  if (!row) throw notFound(`No game with id ${gameId}`);
  return {
    favouriteIds: viewer ? row.favouriteIds : null,
    myReview: viewer ? toMyReview(row, gameId, viewer) : null,
    follow: followStateOf(row),
    workStatus: workStatusOf(row),
    reviews: reviews > 0 ? newestReviewPage(row.newestReviews, row.reviewTotal, reviews, viewer?.id ?? null) : undefined,
    updates:
      updates > 0 ? newestUpdatePage(row.newestUpdates, row.updateTotal, updates, viewer !== null && row.ownerId === viewer.id) : undefined,
  };
}

/**
 * What a game page needs beside the game, as JSON of gameViewerSchema's shape: `similar`
 * games like it (without those the viewer said "Not interested" to), how many follow the game (and
 * whether the viewer does), the viewer's review and which of these games are their favourites,
 * and the first pages of the newest `reviews` and of the maker's `updates` when asked. A game that is not listed has no page,
 * for anyone (404).
 */
export async function gameViewerJson(
  db: Db,
  live: LiveHub,
  index: CatalogueIndex,
  gameId: number,
  viewer: Actor | null,
  asked: GameViewerQuery,
): Promise<string> {
  const similarIds = await similarGameIds(index, gameId, asked.similar, await hiddenGameIds(db, live, viewer));
  if (similarIds === undefined) throw notFound(`No game with id ${gameId}`);
  const [similarJson, viewerFacts] = await Promise.all([
    index.cardsJson(similarIds).then((cards) => objectJson({ items: jsonArray(cards) })),
    facts(db, [gameId, ...similarIds], viewer, asked),
  ]);
  return objectJson({ ...viewerFacts, similar: jsonText(similarJson) });
}
