import type { CatalogueSort } from '../../shared/catalogue';
import type { CatalogueColumns } from './catalogue-columns';

/** Every sort but relevance, which depends on the search and is ordered per request. */
export type FixedSort = Exclude<CatalogueSort, 'relevance'>;
type Compare = (a: number, b: number) => number;
type NumberColumn = 'weighted' | 'plays' | 'recent' | 'created' | 'released' | 'price';

const titleCollator = new Intl.Collator('en');

/**
 * How each sort orders two positions: the same orders as catalogue-sql.ts's `orderOf`, each
 * ending on the id so that the order is total and pages are stable.
 */
function comparators(c: CatalogueColumns): Record<FixedSort, Compare> {
  // Columns are read at each comparison: they are replaced by longer ones as games are added.
  const idDesc: Compare = (a, b) => c.ids[b]! - c.ids[a]!;
  const idAsc: Compare = (a, b) => c.ids[a]! - c.ids[b]!;
  const desc =
    (column: NumberColumn): Compare =>
    (a, b) =>
      c[column][b]! - c[column][a]!;
  const then =
    (...steps: Compare[]): Compare =>
    (a, b) => {
      for (const step of steps) {
        const order = step(a, b);
        if (order !== 0) return order;
      }
      return 0;
    };
  return {
    'top-rated': then(desc('weighted'), idDesc),
    'most-played': then(desc('plays'), idDesc),
    trending: then(desc('recent'), desc('plays'), idDesc),
    newest: then(desc('created'), idDesc),
    'release-date': then(desc('released'), idDesc),
    title: then((a, b) => titleCollator.compare(c.titles[a]!, c.titles[b]!), idAsc),
    price: then((a, b) => c.price[a]! - c.price[b]!, idAsc),
    'price-desc': then(desc('price'), idDesc),
  };
}

/**
 * The listed games' positions in each fixed sort order, sorted the first time the order is
 * asked for and then kept sorted as games change: a change moves one position (a search and a
 * copy within the array) instead of sorting again, so an order is exact the moment a change is
 * taken in. An order nobody asked for costs nothing.
 */
export class CatalogueOrders {
  private readonly compare: Record<FixedSort, Compare>;
  private readonly orders = new Map<FixedSort, number[]>();
  /** How often each order has changed: what was read from an order holds while its count stays. */
  private readonly changes = new Map<FixedSort, number>();

  constructor(private readonly columns: CatalogueColumns) {
    this.compare = comparators(columns);
  }

  /** The listed positions in this order (not to be changed by the caller). */
  of(sort: FixedSort): readonly number[] {
    let order = this.orders.get(sort);
    if (order === undefined) {
      const { size, listed } = this.columns;
      order = [];
      for (let at = 0; at < size; at++) if (listed[at] === 1) order.push(at);
      order.sort(this.compare[sort]);
      this.orders.set(sort, order);
    }
    return order;
  }

  /** How many times this order has changed since it was made. */
  changesOf(sort: FixedSort): number {
    return this.changes.get(sort) ?? 0;
  }

  /** Takes a position out of every order made so far: call before it is unlisted. */
  remove(at: number): void {
    for (const sort of this.takeOut(at).keys()) this.changed(sort);
  }

  /** Puts a newly listed position in its place in every order made so far. */
  insert(at: number): void {
    for (const [sort, order] of this.orders) this.putBack(sort, order, at, -1);
  }

  /**
   * Moves a listed position to its new place in every order, `change` altering its columns in
   * between: an order where it stays in its place has not changed (a play leaves the top-rated
   * order as it was).
   */
  reorder(at: number, change: () => void): void {
    const before = this.takeOut(at);
    change();
    for (const [sort, order] of this.orders) this.putBack(sort, order, at, before.get(sort) ?? -1);
  }

  /** Takes a position out of every order, answering where it was in each. */
  private takeOut(at: number): Map<FixedSort, number> {
    const before = new Map<FixedSort, number>();
    for (const [sort, order] of this.orders) {
      const index = order.indexOf(at);
      if (index < 0) continue;
      order.splice(index, 1);
      before.set(sort, index);
    }
    return before;
  }

  /** Puts a position in its place in one order; `was` is where it was taken from (-1: nowhere). */
  private putBack(sort: FixedSort, order: number[], at: number, was: number): void {
    const place = this.placeOf(order, this.compare[sort], at);
    order.splice(place, 0, at);
    if (place !== was) this.changed(sort);
  }

  private changed(sort: FixedSort): void {
    this.changes.set(sort, this.changesOf(sort) + 1);
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
