/** What other features may use of the catalogue. */
export { requirePublishedGame, selectGames, toGame } from './service';
export type { CatalogueIndex } from './catalogue/catalogue-index';
export type { CatalogueSource } from './catalogue/catalogue-source';
export { similarGameIds } from './catalogue/catalogue-similar';
export { derivedFromIndex } from './catalogue/index-derived';
export { favouriteIdsAmong } from './favourite-ids';
export { playAddressOf, recordPlay } from './plays';
