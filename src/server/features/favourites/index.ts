/** What other features may use of favourites. */
export { addFavourite, removeFavourite } from './service';
