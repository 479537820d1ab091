/** What other features may read of a member's reviews. */
export { listReviews, newestReviewPage, newestReviewsColumns, removeReview, selectMyReview, toMyReview } from './service';
