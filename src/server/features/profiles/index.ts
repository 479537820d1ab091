/** What other features may read of a member's profile. */
export { favouriteCategoriesOf } from './favourite-categories';
export { getPublicProfile, listUserGames } from './service';
