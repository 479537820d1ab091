import { aiGenerationValues, aiInputDestinations, aiPlayCosts, aiProviders, NOT_STATED } from '../../shared/ai-disclosure-values';
import { aiRoles, aiRunsOnValues, platforms } from '../../shared/catalogue';
import { categorySlugs } from '../../shared/categories';

/** What filtering, counting and sorting need to know of one listed game. */
export interface ColumnGame {
  id: number;
  /** Null for a free game. */
  priceAmount: number | null;
  rating: number;
  weightedRating: number;
  playCount: number;
  recentPlays: number;
  releaseDate: string;
  createdAt: Date;
  title: string;
  categories: readonly string[];
  aiRoles: readonly string[];
  aiRunsOn: string;
  aiWorksOffline: boolean;
  aiNeedsOwnKey: boolean;
  aiOutputModerated: boolean;
  platforms: readonly string[];
  /** The disclosure's facts that are filters (decision 0064), 'not-stated' when the maker has not said. */
  aiMade: string;
  aiProvider: string;
  aiInputGoes: string;
  aiPlayCost: string;
  /** The still-works checks say Not working: lists leave it out unless asked (decision 0072). */
  notWorking: boolean;
}

/** A value's position in its list; what the list does not know counts as not stated. */
const positionIn = (values: readonly string[], value: string) => {
  const at = values.indexOf(value);
  return at >= 0 ? at : values.indexOf(NOT_STATED);
};

/** The bits of `flags`. */
export const OFFLINE = 1;
export const OWN_KEY = 2;
export const MODERATED = 4;
export const NOT_WORKING = 8;
const DAY_MS = 86_400_000;

/** How many bits of a mask (`bitsOf`'s) are set. */
export function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** The values of `all` that are `chosen`, a bit each. */
export const bitsOf = (all: readonly string[], chosen: readonly string[]) =>
  chosen.reduce((mask, value) => (all.indexOf(value) >= 0 ? mask | (1 << all.indexOf(value)) : mask), 0);

/**
 * The listed games' filter and sort fields, a column per field in typed arrays, so counting
 * every facet for any filters is a few tight passes over memory (catalogue-counts.ts) rather
 * than a scan of the table. Games are added, changed and removed in place; a game keeps its
 * position for as long as the columns live.
 */
export class CatalogueColumns {
  private capacity = 0;
  size = 0;
  /** How many positions hold a listed game. */
  listedCount = 0;
  /**
   * Goes up when a game's facet fields change (not its plays or other sort keys), so facet
   * counts made at one version can be reused until the next.
   */
  version = 0;
  private readonly positions = new Map<number, number>();
  ids = new Int32Array(0);
  listed = new Uint8Array(0);
  price = new Float64Array(0);
  free = new Uint8Array(0);
  rating = new Float64Array(0);
  weighted = new Float64Array(0);
  plays = new Float64Array(0);
  recent = new Float64Array(0);
  /** Release date as days since 1970. */
  released = new Int32Array(0);
  created = new Float64Array(0);
  year = new Int16Array(0);
  categories = new Uint16Array(0);
  roles = new Uint16Array(0);
  runsOn = new Uint8Array(0);
  flags = new Uint8Array(0);
  /** The platforms a game plays on, a bit each (platforms' order). */
  platforms = new Uint8Array(0);
  /** Positions in aiGenerationValues, aiProviders, aiInputDestinations and aiPlayCosts. */
  made = new Uint8Array(0);
  provider = new Uint8Array(0);
  inputGoes = new Uint8Array(0);
  playCost = new Uint8Array(0);
  titles: string[] = [];

  constructor(games: Iterable<ColumnGame> = []) {
    for (const game of games) this.put(game);
  }

  positionOf(id: number): number | undefined {
    return this.positions.get(id);
  }

  /** Adds the game, or replaces what is known of it; answers its position. */
  put(game: ColumnGame): number {
    let at = this.positions.get(game.id);
    if (at === undefined) {
      if (this.size === this.capacity) this.grow();
      at = this.size++;
      this.positions.set(game.id, at);
      this.ids[at] = game.id;
    }
    const released = Date.parse(`${game.releaseDate}T00:00:00Z`);
    const before = this.facetFieldsAt(at);
    if (this.listed[at] !== 1) this.listedCount++;
    this.listed[at] = 1;
    this.free[at] = game.priceAmount === null ? 1 : 0;
    this.price[at] = game.priceAmount ?? 0;
    this.rating[at] = game.rating;
    this.weighted[at] = game.weightedRating;
    this.plays[at] = game.playCount;
    this.recent[at] = game.recentPlays;
    this.released[at] = Math.floor(released / DAY_MS);
    this.created[at] = game.createdAt.getTime();
    this.year[at] = new Date(released).getUTCFullYear();
    this.titles[at] = game.title;
    this.categories[at] = bitsOf(categorySlugs, game.categories);
    this.roles[at] = bitsOf(aiRoles, game.aiRoles);
    this.runsOn[at] = aiRunsOnValues.indexOf(game.aiRunsOn as (typeof aiRunsOnValues)[number]);
    this.flags[at] =
      (game.aiWorksOffline ? OFFLINE : 0) |
      (game.aiNeedsOwnKey ? OWN_KEY : 0) |
      (game.aiOutputModerated ? MODERATED : 0) |
      (game.notWorking ? NOT_WORKING : 0);
    this.platforms[at] = bitsOf(platforms, game.platforms);
    this.made[at] = positionIn(aiGenerationValues, game.aiMade);
    this.provider[at] = positionIn(aiProviders, game.aiProvider);
    this.inputGoes[at] = positionIn(aiInputDestinations, game.aiInputGoes);
    this.playCost[at] = positionIn(aiPlayCosts, game.aiPlayCost);
    if (this.facetFieldsAt(at) !== before) this.version++;
    return at;
  }

  /** Everything a filter or facet count reads of a position, as one comparable string. */
  private facetFieldsAt(at: number): string {
    return `${this.listed[at]} ${this.free[at]} ${this.price[at]} ${this.rating[at]} ${this.year[at]} ${this.categories[at]} ${this.roles[at]} ${this.runsOn[at]} ${this.flags[at]} ${this.platforms[at]} ${this.made[at]} ${this.provider[at]} ${this.inputGoes[at]} ${this.playCost[at]}`;
  }

  /** Leaves the game out of every count and page (it is no longer listed); answers its position. */
  remove(id: number): number | undefined {
    const at = this.positions.get(id);
    if (at === undefined || this.listed[at] === 0) return undefined;
    this.version++;
    this.listed[at] = 0;
    this.listedCount--;
    return at;
  }

  private grow(): void {
    this.capacity = Math.max(1024, this.capacity * 2);
    const grown = <T extends Int32Array | Uint8Array | Float64Array | Int16Array | Uint16Array>(
      old: T,
      make: new (length: number) => T,
    ): T => {
      const next = new make(this.capacity);
      next.set(old);
      return next;
    };
    this.ids = grown(this.ids, Int32Array);
    this.listed = grown(this.listed, Uint8Array);
    this.price = grown(this.price, Float64Array);
    this.free = grown(this.free, Uint8Array);
    this.rating = grown(this.rating, Float64Array);
    this.weighted = grown(this.weighted, Float64Array);
    this.plays = grown(this.plays, Float64Array);
    this.recent = grown(this.recent, Float64Array);
    this.released = grown(this.released, Int32Array);
    this.created = grown(this.created, Float64Array);
    this.year = grown(this.year, Int16Array);
    this.categories = grown(this.categories, Uint16Array);
    this.roles = grown(this.roles, Uint16Array);
    this.runsOn = grown(this.runsOn, Uint8Array);
    this.flags = grown(this.flags, Uint8Array);
    this.platforms = grown(this.platforms, Uint8Array);
    this.made = grown(this.made, Uint8Array);
    this.provider = grown(this.provider, Uint8Array);
    this.inputGoes = grown(this.inputGoes, Uint8Array);
    this.playCost = grown(this.playCost, Uint8Array);
  }
}
