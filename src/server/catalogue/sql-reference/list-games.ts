import type { CatalogueQuery } from '../../../shared/catalogue';
import type { Db } from '../../db/client';
import { selectGames, toGame } from '../game-rows';
import { orderOf, whereOf } from './catalogue-sql';
import { catalogueFacets } from './facets';

/**
 * A page of the catalogue, in SQL alone: the reference the in-memory catalogue index
 * (catalogue-index.ts), which answers the app's requests, is tested against.
 */
export async function listGames(db: Db, query: CatalogueQuery, baseUrl: string) {
  const [{ facets, total }, rows] = await Promise.all([
    catalogueFacets(db, query),
    selectGames(db)
      .where(whereOf(query))
      .orderBy(...orderOf(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  return {
    items: rows.map((row) => toGame(row, baseUrl)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    facets,
  };
}
