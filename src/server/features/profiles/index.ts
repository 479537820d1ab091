/** What other features may read of a member's profile. */
export { getPublicProfile, listUserGames } from './service';
