import { z } from 'zod';
import { pathIdSchema } from './ids';
import { pageQuerySchema, pageSchema } from './pagination';
import { REPLY_MAX_LENGTH, REVIEW_MAX_LENGTH, REVIEWS_DEFAULT_PAGE_SIZE, REVIEWS_MAX_PAGE_SIZE, reviewOrders } from './review-values';

export * from './review-values';

/** `POST /api/games/:id/reviews` and `PUT /api/reviews/:reviewId`: what a player writes. */
export const reviewInputSchema = z.object({
  stars: z
    .number({ error: 'Pick from 1 to 5 stars' })
    .int({ error: 'Pick from 1 to 5 stars' })
    .min(1, { error: 'Pick from 1 to 5 stars' })
    .max(5, { error: 'Pick from 1 to 5 stars' }),
  body: z
    .string({ error: 'Write your review as text' })
    .trim()
    .max(REVIEW_MAX_LENGTH, { error: `Keep your review to ${REVIEW_MAX_LENGTH.toLocaleString('en-US')} characters or fewer` }),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewIdParamsSchema = z.object({ reviewId: pathIdSchema('review', 'reviewId') });

export const reviewListQuerySchema = pageQuerySchema({ defaultSize: REVIEWS_DEFAULT_PAGE_SIZE, maxSize: REVIEWS_MAX_PAGE_SIZE }).extend({
  order: z.enum(reviewOrders, { error: `order must be one of ${reviewOrders.join(', ')}` }).default('newest'),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** `PUT /api/reviews/:reviewId/reply`: the game's maker's one reply to a review. */
export const replyInputSchema = z.object({
  body: z
    .string({ error: 'Write your reply as text' })
    .trim()
    .min(1, { error: 'Write your reply' })
    .max(REPLY_MAX_LENGTH, { error: `Keep your reply to ${REPLY_MAX_LENGTH.toLocaleString('en-US')} characters or fewer` }),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

/** The maker's reply as it is shown under the review. */
export const replySchema = z.object({
  id: z.number().int().positive(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  edited: z.boolean(),
});
export type Reply = z.infer<typeof replySchema>;
export const replyDeletedSchema = z.object({ deleted: z.literal(true) });

/** A review as anyone sees it: the author by display name only (never an id or e-mail). */
export const reviewSchema = z.object({
  id: z.number().int().positive(),
  gameId: z.number().int().positive(),
  authorName: z.string(),
  stars: z.number().int().min(1).max(5),
  body: z.string(),
  helpfulCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  edited: z.boolean(),
  /** Written by the viewer (false when signed out). */
  mine: z.boolean(),
  /** The viewer marked it helpful (false when signed out). */
  votedHelpful: z.boolean(),
  /** The game's maker's reply, if any (issue 33, part 6). */
  reply: replySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewPageSchema = pageSchema(reviewSchema).extend({ order: z.enum(reviewOrders) });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** `GET /api/games/:id/reviews/mine`: the viewer's own review of the game, if any. */
export const myReviewSchema = z.object({
  review: reviewSchema.nullable(),
  /** The viewer made this game: makers do not review their own games or vote on their reviews. */
  yourGame: z.boolean(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

/** `PUT` / `DELETE /api/reviews/:reviewId/helpful`: the vote as it now stands. */
export const helpfulVoteSchema = z.object({ votedHelpful: z.boolean(), helpfulCount: z.number().int().nonnegative() });
export type HelpfulVote = z.infer<typeof helpfulVoteSchema>;

export const reviewDeletedSchema = z.object({ deleted: z.literal(true) });
