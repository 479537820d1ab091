import { z } from 'zod';
import { followStateSchema } from './follows';
import { gameListItemSchema } from './games';
import { REVIEWS_MAX_PAGE_SIZE } from './review-values';
import { myReviewSchema, reviewPageSchema } from './reviews';

export const VIEWER_MAX_SIMILAR = 12;

const countUpTo = (name: string, most: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(0, { error: `${name} must be from 0 to ${most}` })
    .max(most, { error: `${name} must be from 0 to ${most}` })
    .default(0);

/**
 * `GET /api/games/:id/viewer?similar=N&reviews=M`: how many similar games to send along, and how
 * many of the newest reviews (the reviews list's first page); none of either by default.
 */
export const gameViewerQuerySchema = z.object({
  similar: countUpTo('similar', VIEWER_MAX_SIMILAR),
  reviews: countUpTo('reviews', REVIEWS_MAX_PAGE_SIZE),
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
  similar: z.object({ items: z.array(gameListItemSchema) }),
  /** The first page of the newest reviews, when `reviews` asked for it: the page opens without a call for its reviews. */
  reviews: reviewPageSchema.optional(),
});
export type GameViewer = z.infer<typeof gameViewerSchema>;
