import { defaultCatalogueSort, type CatalogueQuery } from '../../shared/catalogue';
import { categorySlugs } from '../../shared/categories';
import { keepRecent } from '../../shared/keep-recent';
import type { PageRequest } from '../db/paging';
import { jsonArray, jsonText, objectJson } from '../http/json-text';
import type { CatalogueBodies } from './catalogue-bodies';
import { bitCount, bitsOf, CatalogueColumns, type ColumnGame } from './catalogue-columns';
import { countedShare, countFacets, hasPosition, withoutShare, type PositionBits } from './catalogue-counts';
import type { FacetsAndTotal } from './catalogue-counts';
import { CatalogueOrders, type FixedSort } from './catalogue-orders';
import { SearchIndex, type SearchableText, type SearchHits } from './search/search-index';

/** How many answers of each kind are remembered for the games as they are. */
const MAX_REMEMBERED = 500;

/**
 * Answers remembered by key, the oldest forgotten first once there are too many, and all of them
 * once what they were made from changes.
 */
class Remembered<V> {
  private readonly answers = new Map<string, V>();
  private madeFrom = '';

  /** Forgets every answer unless they were made from `version` (what they depend on, as text). */
  heldFor(version: string): this {
    if (version !== this.madeFrom) {
      this.answers.clear();
      this.madeFrom = version;
    }
    return this;
  }

  get(key: string, make: () => V): V {
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = make();
      keepRecent(this.answers, key, answer, MAX_REMEMBERED);
    }
    return answer;
  }
}

/**
 * Game ids one user said "Not interested" to (theirs or their makers'): left out of every page
 * and count made for that user. Empty for a visitor.
 */
export type HiddenGames = ReadonlySet<number>;

/** The next power of two from n: a few depths serve every user, whatever they leave out. */
const roundedUp = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(n, 1)));

/** The filters of a query: counts do not depend on its order or page. */
function filtersKey({ sort: _sort, page: _page, pageSize: _pageSize, ...filters }: CatalogueQuery): string {
  return JSON.stringify(filters);
}

/**
 * What answers any catalogue page (search, filters, facet counts, every sort, any page) from
 * memory: the listed games' filter and sort fields in typed arrays, sort orders and search
 * postings. The games' list items and pages are read by id as a page shows them
 * (catalogue-bodies.ts). It is a copy: catalogue-source.ts keeps it up to date from the
 * database's change feed. Without a search, the SQL of service.ts gives the same answers
 * (catalogue-index.int.test.ts compares them).
 */
export class CatalogueIndex {
  private readonly columns = new CatalogueColumns();
  private readonly orders = new CatalogueOrders(this.columns);
  private readonly search = new SearchIndex();
  /** False until every listed game's text is in (catalogue-source.ts reads it after the columns). */
  searchable = false;
  /**
   * Answers that depend only on the filters and the search (not on the order or page), kept
   * until a facet field or a game's words change: a play changes neither.
   */
  private readonly counted = new Remembered<Counted>();
  /** The positions passing one filter, or the filters every facet shares (catalogue-counts.ts). */
  private readonly passing = new Remembered<PositionBits>();
  private readonly searched = new Remembered<SearchHits>();
  private readonly ranked = new Remembered<number[]>();
  /** byCategoryMatches' answers: they hold while the top-rated order and the games' categories do. */
  private readonly inCategories = new Remembered<number[][]>();
  /** Scratch space for one search at a time (answers are made synchronously), cleared after use. */
  private marks = new Uint8Array(0);
  private scores = new Float64Array(0);

  constructor(private readonly bodies: CatalogueBodies) {}

  /** Adds a listed game, or takes in its new filter and sort fields. */
  put(game: ColumnGame): void {
    const known = this.columns.positionOf(game.id);
    if (known !== undefined && this.columns.listed[known] === 1) this.orders.reorder(known, () => this.columns.put(game));
    else this.orders.insert(this.columns.put(game));
  }

  /** Takes in a listed game's text for search (after put); a game not listed is skipped. */
  putText(id: number, text: SearchableText): void {
    const at = this.columns.positionOf(id);
    if (at !== undefined && this.columns.listed[at] === 1) this.search.put(at, text);
  }

  /** How many listed games it holds. */
  get size(): number {
    return this.columns.listedCount;
  }

  /** Forgets a game that is no longer listed. */
  remove(id: number): void {
    const at = this.columns.remove(id);
    if (at === undefined) return;
    this.orders.remove(at);
    this.search.remove(at);
  }

  /** A game page as JSON (of gameDetailSchema's shape), or undefined when it is not listed. */
  async gameJson(id: number): Promise<string | undefined> {
    return this.lists(id) ? this.bodies.gameJson(id) : undefined;
  }

  /** What a page's head shows of a game, as JSON with a list item's fields (its id aside), or undefined when it is not listed. */
  async headJson(id: number): Promise<string | undefined> {
    return this.lists(id) ? this.bodies.headJson(id) : undefined;
  }

  /** These games' list items as JSON, in order; games not listed are left out. */
  cardsJson(ids: readonly number[]): Promise<string[]> {
    return this.bodies.cardsJson(this.listedOf(ids));
  }

  /**
   * A page of these games, in their order, those listed and not `hidden`, as JSON of
   * pageSchema(gameListItemSchema)'s shape: a user's own set of games (favourites, the Following
   * feed) ordered by the caller, its cards from memory.
   */
  async pageOfJson(ids: readonly number[], { page, pageSize }: PageRequest, hidden?: HiddenGames): Promise<string> {
    const shown = this.listedOf(ids).filter((id) => !hidden?.has(id));
    const cards = await this.bodies.cardsJson(shown.slice((page - 1) * pageSize, page * pageSize));
    return objectJson({ items: jsonArray(cards), total: shown.length, page, pageSize });
  }

  /** Whether the game is listed. */
  lists(id: number): boolean {
    return this.columns.listed[this.columns.positionOf(id) ?? -1] === 1;
  }

  private listedOf(ids: readonly number[]): number[] {
    return ids.filter((id) => this.lists(id));
  }

  /** Facet counts and the total for the query's filters, without the `hidden` games. */
  counts(query: CatalogueQuery, hidden?: HiddenGames): FacetsAndTotal {
    return this.withSearch(query.q, (hits) => this.countsOf(query, hits, hidden).counts);
  }

  /** A page of the catalogue as JSON (of gamePageSchema's shape), without the `hidden` games, and the ids on it. */
  async page(query: CatalogueQuery, hidden?: HiddenGames): Promise<{ json: string; ids: number[] }> {
    const { ids, counted } = this.withSearch(query.q, (hits) => {
      const counted = this.countsOf(query, hits, hidden);
      return { ids: this.pagePositions(query, hits, counted).map((at) => this.columns.ids[at]!), counted };
    });
    const items = jsonArray(await this.bodies.cardsJson(ids));
    const json = objectJson({
      items,
      total: counted.counts.total,
      page: query.page,
      pageSize: query.pageSize,
      facets: jsonText(counted.facetsJson),
    });
    return { json, ids };
  }

  /** The ids of a page, in order, without the `hidden` games. */
  pageIds(query: CatalogueQuery, hidden?: HiddenGames): number[] {
    return this.withSearch(query.q, (hits) =>
      this.pagePositions(query, hits, this.countsOf(query, hits, hidden)).map((at) => this.columns.ids[at]!),
    );
  }

  /**
   * The ids of up to `limit` listed games in any of these categories, those in more of them
   * first, then by the top-rated order (weighted rating, then newest id), leaving out `skip`.
   */
  bestInCategories(categories: readonly string[], skip: ReadonlySet<number>, limit: number): number[] {
    const wanted = bitsOf(categorySlugs, categories);
    if (wanted === 0 || limit <= 0) return [];
    const best: number[] = [];
    for (const tier of this.byCategoryMatches(wanted, roundedUp(limit + this.countIn(skip, wanted)))) {
      for (const id of tier) {
        if (best.length === limit) return best;
        if (!skip.has(id)) best.push(id);
      }
    }
    return best;
  }

  /**
   * The listed games in any of the `wanted` categories, those in all of them first, then those
   * in one fewer..., each group in the top-rated order and at most `depth` long: one walk down
   * that order, which ends once `depth` games are in all of them. Remembered until that order
   * or a game's categories change (a play changes neither).
   */
  private byCategoryMatches(wanted: number, depth: number): number[][] {
    const madeFrom = `${this.columns.version}:${this.orders.changesOf('top-rated')}`;
    return this.inCategories.heldFor(madeFrom).get(`${wanted}:${depth}`, () => {
      const most = bitCount(wanted);
      const byMatches = Array.from({ length: most + 1 }, (): number[] => []);
      const { categories: categoriesAt, ids } = this.columns;
      for (const at of this.orders.of('top-rated')) {
        const found = byMatches[bitCount(categoriesAt[at]! & wanted)]!;
        if (found === byMatches[0] || found.length === depth) continue;
        found.push(ids[at]!);
        if (byMatches[most]!.length === depth) break;
      }
      return byMatches.slice(1).reverse();
    });
  }

  /** How many of these games are listed in any of the `wanted` categories. */
  private countIn(ids: ReadonlySet<number>, wanted: number): number {
    let count = 0;
    for (const at of this.positionsOf(ids)) if ((this.columns.categories[at]! & wanted) !== 0) count++;
    return count;
  }

  /**
   * Goes up when a game is added or removed, or its facet fields or words change (not its plays):
   * answers made from the filters and words (counts, who is like whom) hold until it changes.
   */
  get version(): string {
    return `${this.columns.version}:${this.search.version}`;
  }

  /** Runs `answer` with the search's matches marked by position (none without a search). */
  private withSearch<T>(q: string | undefined, answer: (hits: Hits | undefined) => T): T {
    this.forgetWhenChanged();
    if (!q) return answer(undefined);
    if (!this.searchable) throw new Error('The catalogue index is asked to search before its text is read');
    const { positions, scores } = this.searched.get(q, () => this.search.search(q));
    if (this.marks.length < this.columns.size) {
      this.marks = new Uint8Array(this.columns.size * 2);
      this.scores = new Float64Array(this.columns.size * 2);
    }
    for (let i = 0; i < positions.length; i++) {
      this.marks[positions[i]!] = 1;
      this.scores[positions[i]!] = scores[i]!;
    }
    try {
      return answer({ marks: this.marks, score: this.scores, positions });
    } finally {
      for (const at of positions) this.marks[at] = 0;
    }
  }

  private forgetWhenChanged(): void {
    const now = this.version;
    for (const answers of [this.counted, this.passing, this.searched, this.ranked]) answers.heldFor(now);
  }

  /**
   * What the filters let through. Answers for everyone are remembered; for one user who hid
   * games, they are everyone's with the hidden games' share taken out, and the hidden games
   * skipped as a page is walked.
   */
  private countsOf(query: CatalogueQuery, hits: Hits | undefined, hidden?: HiddenGames): Counted {
    const remember = (key: string, make: () => PositionBits) => this.passing.get(key, make);
    const everyone = this.counted.get(filtersKey(query), (): Counted => {
      const { passing, ...counts } = countFacets(this.columns, query, hits?.marks, remember);
      return { counts, passing, facetsJson: JSON.stringify(counts.facets) };
    });
    const hiddenAt = hidden?.size ? this.positionsOf(hidden) : undefined;
    if (!hiddenAt?.size) return everyone;
    const counts = withoutShare(everyone.counts, countedShare(this.columns, query, hiddenAt, hits?.marks, remember));
    return { counts, passing: everyone.passing, facetsJson: JSON.stringify(counts.facets), hiddenAt };
  }

  /** The positions of these games (those the index lists). */
  private positionsOf(ids: HiddenGames): Set<number> {
    const positions = new Set<number>();
    for (const id of ids) {
      const at = this.columns.positionOf(id);
      if (at !== undefined && this.columns.listed[at] === 1) positions.add(at);
    }
    return positions;
  }

  /** The positions on the query's page; the total ends the walk at the last match. */
  private pagePositions(query: CatalogueQuery, hits: Hits | undefined, counted: Counted): number[] {
    const {
      counts: { total },
      passing,
      hiddenAt,
    } = counted;
    const skip = (query.page - 1) * query.pageSize;
    if (skip >= total) return [];
    const sort = query.sort ?? defaultCatalogueSort(query.q);
    if (sort === 'relevance') return this.rankedMatches(query, hits, counted).slice(skip, skip + query.pageSize);
    const page: number[] = [];
    let passed = 0;
    for (const at of this.orders.of(sort as FixedSort)) {
      if (!hasPosition(passing, at) || hiddenAt?.has(at)) continue;
      if (passed++ >= skip) page.push(at);
      if (page.length === query.pageSize || passed === total) break;
    }
    return page;
  }

  /** Every match passing the filters, by relevance (best first, then newest id). */
  private rankedMatches(query: CatalogueQuery, hits: Hits | undefined, { passing, hiddenAt }: Counted): number[] {
    const rank = () => {
      if (!hits) return [];
      const { score } = hits;
      const ids = this.columns.ids;
      return [...hits.positions].filter((at) => hasPosition(passing, at)).sort((a, b) => score[b]! - score[a]! || ids[b]! - ids[a]!);
    };
    const ranked = this.ranked.get(filtersKey(query), rank);
    return hiddenAt ? ranked.filter((at) => !hiddenAt.has(at)) : ranked;
  }
}

/** What the filters of a query let through, whatever its order or page. */
interface Counted {
  counts: FacetsAndTotal;
  /** The positions passing every filter. */
  passing: PositionBits;
  facetsJson: string;
  /** The positions of the games one user hid, left out of their counts and pages; none for everyone's. */
  hiddenAt?: ReadonlySet<number>;
}

/** What a search matched: marks and scores by position, and the positions. */
interface Hits {
  marks: Uint8Array;
  score: Float64Array;
  positions: Int32Array;
}
