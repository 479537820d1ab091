import { z } from 'zod';
import { followStateSchema } from './follows';
import { gameListItemSchema } from './games';
import { wholeNumberParam } from './query-params';
import { REVIEWS_MAX_PAGE_SIZE } from './review-values';
import { myReviewSchema, reviewPageSchema } from './reviews';
import { gameWorkStatusSchema } from './still-works';
import { UPDATES_MAX_PAGE_SIZE } from './update-values';
import { gameUpdatePageSchema } from './updates';

/** The most similar games one answer sends, here and from `/api/games/:id/similar`. */
export const MAX_SIMILAR_GAMES = 12;

/**
 * `GET /api/games/:id/viewer?similar=N&reviews=M&updates=K`: how many similar games to send along,
 * how many of the newest reviews (the reviews list's first page) and of the maker's update posts
 * (theirs); none of any by default.
 */
export const gameViewerQuerySchema = z.object({
  similar: wholeNumberParam('similar', 0, MAX_SIMILAR_GAMES).default(0),
  reviews: wholeNumberParam('reviews', 0, REVIEWS_MAX_PAGE_SIZE).default(0),
  updates: wholeNumberParam('updates', 0, UPDATES_MAX_PAGE_SIZE).default(0),
});
export type GameViewerQuery = z.infer<typeof gameViewerQuerySchema>;

/** What a game page shows beside the game itself, in one answer: the viewer's own facts, the follow state and similar games. */
export const gameViewerSchema = z.object({
  /** Which of this game and the similar games sent are the viewer's favourites; null when signed out. */
  favouriteIds: z.array(z.number().int().positive()).nullable(),
  /** The viewer's review (with their rating) and whether they made the game; null when signed out. */
  myReview: myReviewSchema.nullable(),
  /** How many follow the game, and whether the viewer does (false when signed out). */
  follow: followStateSchema,
  /** Whether the game still works, and when the server last checked it (decision 0067). */
  workStatus: gameWorkStatusSchema,
  similar: z.object({ items: z.array(gameListItemSchema) }),
  /** The first page of the newest reviews, when `reviews` asked for it: the page opens without a call for its reviews. */
  reviews: reviewPageSchema.optional(),
  /** The first page of the maker's update posts, when `updates` asked for it: no call of their own either. */
  updates: gameUpdatePageSchema.optional(),
});
export type GameViewer = z.infer<typeof gameViewerSchema>;
