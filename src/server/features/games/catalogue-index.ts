import { defaultCatalogueSort, type CatalogueQuery } from '../../../shared/catalogue';
import type { Game, GameDetail } from '../../../shared/games';
import { CatalogueColumns } from './catalogue-columns';
import { countFacets, hasPosition, type PositionBits } from './catalogue-counts';
import { CatalogueOrders, type FixedSort } from './catalogue-orders';
import type { FacetsAndTotal } from './facets';
import { SearchIndex, type SearchHits } from './search/search-index';

/** A listed game as the index keeps it: its page, and what only sorting and search use. */
export interface IndexedGame extends GameDetail {
  weightedRating: number;
  recentPlays: number;
  /** Its categories' names, which search finds too. */
  searchKeywords: string;
}

/** How many answers of each kind are remembered for the games as they are. */
const MAX_REMEMBERED = 500;

/** Answers remembered by key, the oldest forgotten first once there are too many. */
class Remembered<V> {
  private readonly answers = new Map<string, V>();

  get(key: string, make: () => V): V {
    let answer = this.answers.get(key);
    if (answer === undefined) {
      answer = make();
      this.answers.set(key, answer);
      if (this.answers.size > MAX_REMEMBERED) this.answers.delete(this.answers.keys().next().value!);
    }
    return answer;
  }

  clear(): void {
    this.answers.clear();
  }
}

/** The filters of a query: counts do not depend on its order or page. */
function filtersKey({ sort: _sort, page: _page, pageSize: _pageSize, ...filters }: CatalogueQuery): string {
  return JSON.stringify(filters);
}

const columnsOf = (game: IndexedGame) => ({
  ...game,
  priceAmount: game.price === 'paid' ? (game.priceAmount ?? null) : null,
  createdAt: new Date(game.createdAt),
  aiRoles: game.ai.roles,
  aiRunsOn: game.ai.runsOn,
  aiWorksOffline: game.ai.worksOffline,
  aiNeedsOwnKey: game.ai.needsOwnApiKey,
  aiOutputModerated: game.ai.outputModerated,
});

const searchTextOf = (game: IndexedGame) => ({
  title: game.title,
  tagline: game.tagline,
  description: game.description,
  developer: `${game.developer} ${game.ai.modelFamily}`,
  categoryNames: [game.searchKeywords],
});

/**
 * The listed games in memory, for answering any catalogue page (search, filters, facet counts,
 * every sort, any page) and any game page without a query to the database. It is a copy:
 * catalogue-source.ts keeps it up to date from the database's change feed. Without a search,
 * the SQL of service.ts gives the same answers (catalogue-index.int.test.ts compares them).
 */
export class CatalogueIndex {
  private readonly columns = new CatalogueColumns();
  /** Made once the first games are in (see prepare), then kept up to date game by game. */
  private sorted: CatalogueOrders | undefined;
  private readonly search = new SearchIndex();
  /**
   * Each listed game as JSON text, without its id and opening brace: its list item is `{"id":"N",`
   * and this. Text rather than objects: V8's garbage collector never looks inside a string,
   * and walking a million small objects made pauses of a tenth of a second at 100,000 games.
   */
  private readonly bodies: (string | undefined)[] = [];
  /** What only a game page shows (`"ratingHistogram":[…],"media":[…]`). */
  private readonly pageExtras: (string | undefined)[] = [];
  /**
   * Answers that depend only on the filters and the search (not on the order or page), kept
   * until a facet field or a game's words change: a play changes neither.
   */
  private readonly counted = new Remembered<Counted>();
  /** The positions passing one filter, or the filters every facet shares (catalogue-counts.ts). */
  private readonly passing = new Remembered<PositionBits>();
  private readonly searched = new Remembered<SearchHits>();
  private readonly ranked = new Remembered<number[]>();
  private rememberedFor = '';
  /** Scratch space for one search at a time (answers are made synchronously), cleared after use. */
  private marks = new Uint8Array(0);
  private scores = new Float64Array(0);

  /** Adds a listed game, or takes in its new version. */
  put(game: IndexedGame): void {
    const known = this.columns.positionOf(game.id);
    if (known !== undefined && this.bodies[known] !== undefined) this.sorted?.remove(known);
    const at = this.columns.put(columnsOf(game));
    this.sorted?.insert(at);
    this.keep(at, game);
  }

  /** Sorts the games in every order now (after a first load), rather than on the first page asked for. */
  prepare(): void {
    this.sorted ??= new CatalogueOrders(this.columns);
  }

  private get orders(): CatalogueOrders {
    this.prepare();
    return this.sorted!;
  }

  /** Forgets a game that is no longer listed. */
  remove(id: number): void {
    const at = this.columns.remove(id);
    if (at === undefined) return;
    this.orders.remove(at);
    this.search.remove(at);
    this.bodies[at] = this.pageExtras[at] = undefined;
  }

  /** A game page as JSON (of gameDetailSchema's shape), or undefined when it is not listed. */
  gameJson(id: number): string | undefined {
    const at = this.columns.positionOf(id);
    const body = at === undefined ? undefined : this.bodies[at];
    return body && `{"id":${id},${this.pageExtras[at!]},${body}`;
  }

  /** Facet counts and the total for the query's filters. */
  counts(query: CatalogueQuery): FacetsAndTotal {
    return this.withSearch(query.q, (hits) => this.countsOf(query, hits).counts);
  }

  /** A page of the catalogue as JSON (of gamePageSchema's shape). */
  pageJson(query: CatalogueQuery): string {
    return this.withSearch(query.q, (hits) => {
      const counted = this.countsOf(query, hits);
      const items = this.pagePositions(query, hits, counted).map((at) => this.cardJson(at)).join(',');
      return `{"items":[${items}],"total":${counted.counts.total},"page":${query.page},"pageSize":${query.pageSize},"facets":${counted.facetsJson}}`;
    });
  }

  /** The ids of a page, in order. */
  pageIds(query: CatalogueQuery): number[] {
    return this.withSearch(query.q, (hits) =>
      this.pagePositions(query, hits, this.countsOf(query, hits)).map((at) => this.columns.ids[at]!),
    );
  }

  private keep(at: number, game: IndexedGame): void {
    const { ratingHistogram, media } = game;
    this.bodies[at] = JSON.stringify(listedFields(game)).slice(1);
    this.pageExtras[at] = JSON.stringify({ ratingHistogram, media } satisfies Omit<GameDetail, keyof Game>).slice(1, -1);
    this.search.put(at, searchTextOf(game));
  }

  private cardJson(at: number): string {
    return `{"id":"${this.columns.ids[at]}",${this.bodies[at]}`;
  }

  /** Runs `answer` with the search's matches marked by position (none without a search). */
  private withSearch<T>(q: string | undefined, answer: (hits: Hits | undefined) => T): T {
    this.forgetWhenChanged();
    if (!q) return answer(undefined);
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
    const now = `${this.columns.version}:${this.search.version}`;
    if (now === this.rememberedFor) return;
    this.counted.clear();
    this.passing.clear();
    this.searched.clear();
    this.ranked.clear();
    this.rememberedFor = now;
  }

  private countsOf(query: CatalogueQuery, hits: Hits | undefined): Counted {
    return this.counted.get(filtersKey(query), () => {
      const { passing, ...counts } = countFacets(this.columns, query, hits?.marks, (key, make) => this.passing.get(key, make));
      return { counts, passing, facetsJson: JSON.stringify(counts.facets) };
    });
  }

  /** The positions on the query's page; the total ends the walk at the last match. */
  private pagePositions(query: CatalogueQuery, hits: Hits | undefined, { counts: { total }, passing }: Counted): number[] {
    const skip = (query.page - 1) * query.pageSize;
    if (skip >= total) return [];
    const sort = query.sort ?? defaultCatalogueSort(query.q);
    if (sort === 'relevance') return this.rankedMatches(query, hits, passing).slice(skip, skip + query.pageSize);
    const page: number[] = [];
    let passed = 0;
    for (const at of this.orders.of(sort as FixedSort)) {
      if (!hasPosition(passing, at)) continue;
      if (passed++ >= skip) page.push(at);
      if (page.length === query.pageSize || passed === total) break;
    }
    return page;
  }

  /** Every match passing the filters, by relevance (best first, then newest id). */
  private rankedMatches(query: CatalogueQuery, hits: Hits | undefined, passing: PositionBits): number[] {
    return this.ranked.get(filtersKey(query), () => {
      if (!hits) return [];
      const { score } = hits;
      const ids = this.columns.ids;
      return [...hits.positions].filter((at) => hasPosition(passing, at)).sort((a, b) => score[b]! - score[a]! || ids[b]! - ids[a]!);
    });
  }
}

/** What the filters of a query let through, whatever its order or page. */
interface Counted {
  counts: FacetsAndTotal;
  /** The positions passing every filter. */
  passing: PositionBits;
  facetsJson: string;
}

/** What a search matched: marks and scores by position, and the positions. */
interface Hits {
  marks: Uint8Array;
  score: Float64Array;
  positions: Int32Array;
}

/** What a list item shows of a game, but its id. */
function listedFields({
  id: _id,
  weightedRating: _weighted,
  recentPlays: _recent,
  searchKeywords: _keywords,
  ratingHistogram: _histogram,
  media: _media,
  ...fields
}: IndexedGame): Omit<Game, 'id'> {
  return fields;
}
