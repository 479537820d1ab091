import { describe, expect, it } from 'vitest';
import { CatalogueColumns, type ColumnGame } from './catalogue-columns';
import { countFacets } from './catalogue-counts';

const game: ColumnGame = {
  id: 1,
  priceAmount: 4.99,
  rating: 4.2,
  weightedRating: 3.9,
  playCount: 10,
  recentPlays: 2,
  releaseDate: '2025-03-01',
  createdAt: new Date('2025-03-02T00:00:00Z'),
  title: 'Neon Oracle',
  categories: ['rpg'],
  aiRoles: ['story'],
  aiRunsOn: 'cloud',
  aiWorksOffline: false,
  aiNeedsOwnKey: false,
  aiOutputModerated: true,
  platforms: ['web'],
  aiMade: 'beforehand',
  aiProvider: 'openai',
  aiInputGoes: 'device',
  aiPlayCost: 'free',
  notWorking: false,
};

describe('catalogue columns', () => {
  it('keep remembered facet counts through plays, and forget them when a facet field changes', () => {
    const columns = new CatalogueColumns([game]);
    const version = columns.version;
    columns.put({ ...game, playCount: 11, recentPlays: 3, weightedRating: 4, title: 'Neon Oracle II' });
    expect(columns.version).toBe(version);
    columns.put({ ...game, priceAmount: null });
    expect(columns.version).toBe(version + 1);
    columns.remove(1);
    expect(columns.version).toBe(version + 2);
    expect(countFacets(columns, { page: 1, pageSize: 24 }).total).toBe(0);
    columns.put(game);
    expect(columns.version).toBe(version + 3);
    expect(countFacets(columns, { page: 1, pageSize: 24 }).facets.price).toEqual({ free: 0, paid: 1 });
  });
});
