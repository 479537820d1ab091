/** What other features may use of the catalogue. */
export { requirePublishedGame, selectGames, toGame } from './service';
export type { CatalogueIndex } from './catalogue-index';
export type { CatalogueSource } from './catalogue-source';
export { similarGameIds } from './catalogue-similar';
export { derivedFromIndex } from './index-derived';
