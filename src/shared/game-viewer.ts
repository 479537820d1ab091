import { z } from 'zod';
import { followStateSchema } from './follows';
import { gameListItemSchema } from './games';
import { myReviewSchema } from './reviews';

export const VIEWER_MAX_SIMILAR = 12;

/** `GET /api/games/:id/viewer?similar=N`: how many similar games to send along (none by default). */
export const gameViewerQuerySchema = z.object({
  similar: z.coerce
    .number({ error: 'similar must be a number' })
    .int({ error: 'similar must be a whole number' })
    .min(0, { error: `similar must be from 0 to ${VIEWER_MAX_SIMILAR}` })
    .max(VIEWER_MAX_SIMILAR, { error: `similar must be from 0 to ${VIEWER_MAX_SIMILAR}` })
    .default(0),
});

/** What a game page shows beside the game itself, in one answer: the viewer's own facts, the follow state and similar games. */
export const gameViewerSchema = z.object({
  /** Which of this game and the similar games sent are the viewer's favourites; null when signed out. */
  favouriteIds: z.array(z.number().int().positive()).nullable(),
  /** The viewer's review (with their rating) and whether they made the game; null when signed out. */
  myReview: myReviewSchema.nullable(),
  /** How many follow the game, and whether the viewer does (false when signed out). */
  follow: followStateSchema,
  similar: z.object({ items: z.array(gameListItemSchema) }),
});
export type GameViewer = z.infer<typeof gameViewerSchema>;
