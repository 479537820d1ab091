/** What other features may read of a member's favourites. */
export { favouriteIdsAmong } from './service';
