/** What other features may read of a member's reviews. */
export {
  listReviews,
  newestReviewPage,
  newestReviewsColumns,
  removeReview,
  restoreReview,
  selectMyReview,
  setReviewHeld,
  shownReview,
  toMyReview,
  type KeptReview,
} from './service';
export { findReply, removeReply, restoreReply, type KeptReply } from './replies';
