/** What other features may use of the catalogue. */
export { requirePublishedGame } from './service';
export { favouriteIdsAmong } from './favourite-ids';
export { playAddressOf, recordPlay } from './plays';
