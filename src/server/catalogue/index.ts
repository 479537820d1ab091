// The catalogue: every listed game's columns and text in memory, kept in step with the database
// through the change feed on every instance, answering lists, search, facets and pages
// (decisions 0012, 0017, 0018, 0029). Infrastructure that the features lean on; this is its door.
export { CHANGE_RETENTION_MS, pruneChanges } from './catalogue-changes';
export type { CatalogueIndex } from './catalogue-index';
export { registerCatalogueMetrics } from './catalogue-metrics';
export { similarGameIds, similarGamesJson } from './catalogue-similar';
export { createCatalogueSource, type CatalogueSource } from './catalogue-source';
export { categoriesOfGame, gameColumns, requirePublishedGame, selectGames, toGame, type GameRow } from './game-rows';
export { derivedFromIndex } from './index-derived';
