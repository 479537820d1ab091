/** What other features may read of a member's reviews. */
export { listReviews, selectMyReview, toMyReview } from './service';
