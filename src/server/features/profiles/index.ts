/** What other features may read of a member's profile. */
export { getFavouriteCategories } from './service';
