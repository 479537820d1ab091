/** What other features may use of plays and favourites: the catalogue itself is src/server/catalogue. */
export { favouriteIdsAmong, favouriteIdsOf, heartsAmong } from './favourite-ids';
export { playAddressOf, recordPlay } from './plays';
