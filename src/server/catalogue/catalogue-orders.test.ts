import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogueColumns, type ColumnGame } from './catalogue-columns';
import { CatalogueOrders, type FixedSort } from './catalogue-orders';

const sorts: FixedSort[] = ['top-rated', 'most-played', 'trending', 'newest', 'release-date', 'title', 'price', 'price-desc'];

const gameWith = (id: number, n: number): ColumnGame => ({
  id,
  priceAmount: n % 3 === 0 ? null : (n % 7) + 0.99,
  rating: n % 5,
  weightedRating: 3 + (n % 4) / 4,
  playCount: n % 6,
  recentPlays: n % 2,
  releaseDate: `20${10 + (n % 5)}-0${1 + (n % 9)}-1${n % 10}`,
  createdAt: new Date(Date.UTC(2026, 0, 1 + (n % 4))),
  title: ['Atlas', 'atlas', 'Écho', 'Echo', 'Zephyr', 'Neon 2', 'Neon 10'][n % 7]!,
  categories: ['rpg'],
  aiRoles: [],
  aiRunsOn: 'cloud',
  aiWorksOffline: false,
  aiNeedsOwnKey: false,
  aiOutputModerated: false,
  platforms: [],
  aiMade: 'beforehand',
  aiProvider: 'openai',
  aiInputGoes: 'device',
  aiPlayCost: 'free',
  notWorking: false,
});

/** The orders made so far (the first four), copied, with how often each has changed. */
const madeOrders = (orders: CatalogueOrders) =>
  Object.fromEntries(sorts.slice(0, 4).map((sort) => [sort, { order: [...orders.of(sort)], changes: orders.changesOf(sort) }]));

/** Each order as it should be: every listed position, sorted from scratch. */
function sortedAfresh(columns: CatalogueColumns) {
  const fresh = new CatalogueOrders(columns);
  return Object.fromEntries(sorts.map((sort) => [sort, [...fresh.of(sort)]]));
}

describe('catalogue orders', () => {
  it('are made when first asked for, and stay exactly sorted as games are added, changed and unlisted one at a time', () => {
    const change = fc.record({ id: fc.integer({ min: 1, max: 30 }), n: fc.nat(1000), unlist: fc.boolean() });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 80 }), (changes) => {
        const columns = new CatalogueColumns(Array.from({ length: 10 }, (_, i) => gameWith(i + 1, i * 37)));
        const orders = new CatalogueOrders(columns);
        // Half the orders are made before the changes and kept sorted; the rest are made after.
        for (const sort of sorts.slice(0, 4)) orders.of(sort);
        for (const { id, n, unlist } of changes) {
          const at = columns.positionOf(id);
          const listed = at !== undefined && columns.listed[at] === 1;
          const before = madeOrders(orders);
          if (listed && unlist) orders.remove(at);
          if (unlist) columns.remove(id);
          else if (listed) orders.reorder(at, () => columns.put(gameWith(id, n)));
          else orders.insert(columns.put(gameWith(id, n)));
          // An order's count moves exactly when the order does: a change that leaves it as it was keeps what was read from it.
          for (const [sort, { order, changes }] of Object.entries(madeOrders(orders))) {
            expect(changes !== before[sort]!.changes, sort).toBe(order.join() !== before[sort]!.order.join());
          }
        }
        expect(Object.fromEntries(sorts.map((sort) => [sort, [...orders.of(sort)]]))).toEqual(sortedAfresh(columns));
      }),
      { numRuns: 300 },
    );
  });

  it('stay sorted when so many games are added that the columns grow', () => {
    const columns = new CatalogueColumns([gameWith(1, 1)]);
    const orders = new CatalogueOrders(columns);
    for (const sort of sorts) orders.of(sort);
    for (let id = 2; id <= 3000; id++) orders.insert(columns.put(gameWith(id, id * 31)));
    expect(Object.fromEntries(sorts.map((sort) => [sort, [...orders.of(sort)]]))).toEqual(sortedAfresh(columns));
  });

  it('order titles as people read them, and break ties by id so pages never overlap', () => {
    const columns = new CatalogueColumns([gameWith(1, 4), gameWith(2, 3), gameWith(3, 1), gameWith(4, 0), gameWith(5, 2), gameWith(6, 7)]);
    const titles = new CatalogueOrders(columns).of('title').map((at) => `${columns.titles[at]}#${columns.ids[at]}`);
    expect(titles).toEqual(['atlas#3', 'Atlas#4', 'Atlas#6', 'Echo#2', 'Écho#5', 'Zephyr#1']);
  });
});
