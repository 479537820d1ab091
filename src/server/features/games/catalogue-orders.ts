import type { CatalogueSort } from '../../../shared/catalogue';
import type { CatalogueColumns } from './catalogue-columns';

/** Every sort but relevance, which depends on the search and is ordered per request. */
export type FixedSort = Exclude<CatalogueSort, 'relevance'>;
type Compare = (a: number, b: number) => number;

const titleCollator = new Intl.Collator('en');

/**
 * How each sort orders two positions: the same orders as catalogue-sql.ts's `orderOf`, each
 * ending on the id so that the order is total and pages are stable.
 */
function comparators(c: CatalogueColumns): Record<FixedSort, Compare> {
  const idDesc: Compare = (a, b) => c.ids[b]! - c.ids[a]!;
  const idAsc: Compare = (a, b) => c.ids[a]! - c.ids[b]!;
  const desc = (column: Float64Array | Int32Array): Compare => (a, b) => column[b]! - column[a]!;
  const then = (...steps: Compare[]): Compare => (a, b) => {
    for (const step of steps) {
      const order = step(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
  return {
    'top-rated': then(desc(c.weighted), idDesc),
    'most-played': then(desc(c.plays), idDesc),
    trending: then(desc(c.recent), desc(c.plays), idDesc),
    newest: then(desc(c.created), idDesc),
    'release-date': then(desc(c.released), idDesc),
    title: then((a, b) => titleCollator.compare(c.titles[a]!, c.titles[b]!), idAsc),
    price: then((a, b) => c.price[a]! - c.price[b]!, idAsc),
    'price-desc': then(desc(c.price), idDesc),
  };
}

/**
 * The listed games' positions in every fixed sort order, kept sorted as games change: a
 * change moves one position (a search and a copy within the array) instead of sorting again,
 * so an order is exact the moment a change is taken in.
 */
export class CatalogueOrders {
  private readonly compare: Record<FixedSort, Compare>;
  private readonly orders = new Map<FixedSort, number[]>();

  constructor(private readonly columns: CatalogueColumns) {
    this.compare = comparators(columns);
    const listed = [...Array(columns.size).keys()].filter((at) => columns.listed[at] === 1);
    for (const sort of Object.keys(this.compare) as FixedSort[]) {
      this.orders.set(sort, [...listed].sort(this.compare[sort]));
    }
  }

  /** The listed positions in this order (not to be changed by the caller). */
  of(sort: FixedSort): readonly number[] {
    return this.orders.get(sort)!;
  }

  /** Takes a position out of every order: call before its columns change or it is unlisted. */
  remove(at: number): void {
    for (const order of this.orders.values()) {
      const index = order.indexOf(at);
      if (index >= 0) order.splice(index, 1);
    }
  }

  /** Puts a listed position in its place in every order: call after its columns changed. */
  insert(at: number): void {
    for (const [sort, order] of this.orders) order.splice(this.placeOf(order, this.compare[sort], at), 0, at);
  }

  private placeOf(order: number[], compare: Compare, at: number): number {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(order[middle]!, at) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
