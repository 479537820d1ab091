// The reviews' limits and orders, with no Zod: the first paint (web/lib/reviews.ts, which the
// game page's route loader imports) needs only these.

export const REVIEW_MAX_LENGTH = 5000;
/** A maker's reply to a review (issue 33, part 6). */
export const REPLY_MAX_LENGTH = 2000;
export const REVIEWS_MAX_PAGE_SIZE = 50;
export const REVIEWS_DEFAULT_PAGE_SIZE = 10;
/** Shown instead of the author's name once they deleted their account. */
export const FORMER_PLAYER = 'Former player';

export const reviewOrders = ['newest', 'most-helpful'] as const;
export type ReviewOrder = (typeof reviewOrders)[number];
