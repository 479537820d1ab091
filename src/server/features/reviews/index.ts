/** What other features may read of a member's reviews. */
export { selectMyReview, toMyReview } from './service';
