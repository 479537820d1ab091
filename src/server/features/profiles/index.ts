/** What other features may read of a member's profile. */
export { getFavouriteCategories, getPublicProfile, listUserGames } from './service';
