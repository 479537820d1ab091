import { and, eq, inArray, sql } from 'drizzle-orm';
import { notStatedDisclosure } from '../../shared/ai-disclosure';
import type { BuildAspectRatio } from '../../shared/builds';
import { listedBuildUrl } from '../../shared/game-origin';
import type { Game, GameDetail } from '../../shared/games';
import { renderMarkdown } from '../../shared/markdown';
import type { Db } from '../db/client';
import { gameBuilds, gameMedia, games } from '../db/schema';
import { joinObjects, objectJson } from '../http/json-text';
import { gameColumns, toGame } from './game-rows';
import { ReadTogether } from './read-together';
import { RecentlyUsed } from './recently-used';

/**
 * How much of the list items and game pages is kept between requests, in characters of JSON
 * (about as many bytes): the ones people open most, whatever their descriptions' length.
 */
const CACHED_CARD_CHARS = 16_000_000;
const CACHED_PAGE_CHARS = 4_000_000;

const published = eq(games.status, 'published');

/** A game's screenshots in order, read with the game in one query. */
const mediaOfGame = sql<{ path: string; alt: string }[]>`coalesce((
  select json_agg(json_build_object('path', m.path, 'alt', m.alt) order by m.position, m.id)
  from ${gameMedia} m where m.game_id = "games"."id"), '[]')`;

/** The approved version that plays on a game's page (the one its maker chose, else the newest), with its entry page. */
const playingBuildOfGame = sql<{ version: number; entryPath: string; aspectRatio: BuildAspectRatio; crossOriginIsolated: boolean } | null>`(
  select json_build_object('version', b.version, 'entryPath', b.entry_path, 'aspectRatio', b.aspect_ratio, 'crossOriginIsolated', b.cross_origin_isolated)
  from ${gameBuilds} b
  where b.game_id = "games"."id" and b.status = 'approved' order by b.playing desc, b.version desc limit 1)`;

/** A list item's JSON without its id: the list's id is a string, the page's a number (the spec's). */
const cardBodyOf = ({ id: _id, ...fields }: Game): string => JSON.stringify(fields satisfies Omit<Game, 'id'>);

/** The site's address (for image links) and the one builds play from. */
export interface SiteOrigins {
  baseUrl: string;
  gamesOrigin: string;
}

/**
 * The games' list items and pages, read from the database by id when a page shows them: the
 * catalogue index (catalogue-index.ts) keeps only what filters, sorts, counts and search need.
 * The most recently shown list items and pages are kept, least recently used forgotten first; the
 * catalogue source forgets a game's item as it takes in a change of it.
 */
export class CatalogueBodies {
  private readonly cards = new RecentlyUsed(CACHED_CARD_CHARS);
  private readonly pages = new RecentlyUsed(CACHED_PAGE_CHARS);
  private readonly cardReads = new ReadTogether((ids) => this.readCards(ids));
  private readonly pageReads = new ReadTogether((ids) => this.readPages(ids));
  /** Goes up at every forget, so a read that started before one does not keep what it read. */
  private forgets = 0;

  constructor(
    private readonly db: Db,
    private readonly origins: SiteOrigins,
  ) {}

  /** Forgets what is kept of these games (they changed). */
  forget(ids: readonly number[]): void {
    this.forgets++;
    for (const id of ids) {
      this.cards.forget(id);
      this.pages.forget(id);
    }
    this.cardReads.forget(ids);
    this.pageReads.forget(ids);
  }

  /** Forgets every game kept (the catalogue was read again). */
  forgetAll(): void {
    this.forgets++;
    this.cards.clear();
    this.pages.clear();
    this.cardReads.forgetAll();
    this.pageReads.forgetAll();
  }

  /** Each id's list item as JSON (`{"id":"N",…}`), in order; a game no longer listed is left out. */
  async cardsJson(ids: readonly number[]): Promise<string[]> {
    // Taken before the read: a change taken in meanwhile may forget them.
    const kept = new Map<number, string>();
    for (const id of ids) {
      const body = this.cards.get(id);
      if (body !== undefined) kept.set(id, body);
    }
    const read = await this.cardReads.read(ids.filter((id) => !kept.has(id)));
    return ids.flatMap((id) => {
      const body = kept.get(id) ?? read.get(id);
      return body === undefined ? [] : [joinObjects(objectJson({ id: String(id) }), body)];
    });
  }

  /** A game page as JSON (of gameDetailSchema's shape), or undefined when it is not listed. */
  async gameJson(id: number): Promise<string | undefined> {
    return this.pages.get(id) ?? (await this.pageReads.read([id])).get(id);
  }

  /**
   * What a page's head shows of a game: JSON with a list item's fields (its id aside), or
   * undefined when it is not listed. The kept list item, read by no one; else the game page,
   * whose read the page's screen joins (and which keeps the list item too).
   */
  async headJson(id: number): Promise<string | undefined> {
    return this.cards.get(id) ?? this.gameJson(id);
  }

  /** Reads these game pages in one query by id, keeping them unless a change came in meanwhile. */
  private async readPages(ids: number[]): Promise<Map<number, string>> {
    const forgetsBefore = this.forgets;
    const histogram = { r1: games.ratings1, r2: games.ratings2, r3: games.ratings3, r4: games.ratings4, r5: games.ratings5 };
    const rows = await this.db
      .select({
        ...gameColumns,
        ...histogram,
        media: mediaOfGame,
        makerId: games.ownerId,
        aiDisclosure: games.aiDisclosure,
        build: playingBuildOfGame,
      })
      .from(games)
      .where(and(published, inArray(games.id, ids)));
    // A change taken in while the query ran may have forgotten these games: then nothing read is kept.
    const keep = this.forgets === forgetsBefore;
    const read = new Map<number, string>();
    for (const row of rows) {
      const extras = {
        descriptionHtml: renderMarkdown(row.description),
        ratingHistogram: [row.r1, row.r2, row.r3, row.r4, row.r5],
        media: row.media,
        makerId: row.makerId,
        hostedBuild: row.build && {
          version: row.build.version,
          playUrl: listedBuildUrl(this.origins.gamesOrigin, row.id, row.build.version, row.build.entryPath),
          aspectRatio: row.build.aspectRatio,
          crossOriginIsolated: row.build.crossOriginIsolated,
        },
        aiDisclosure: { ...notStatedDisclosure, ...row.aiDisclosure },
      } satisfies Omit<GameDetail, keyof Game>;
      const card = cardBodyOf(toGame(row, this.origins.baseUrl));
      const page = joinObjects(objectJson({ id: row.id, ...extras }), card);
      read.set(row.id, page);
      if (keep) {
        this.pages.keep(row.id, page);
        this.cards.keep(row.id, card);
      }
    }
    return read;
  }

  /** Reads these games' list items in one query by id (the primary key), keeping them unless a change came in meanwhile. */
  private async readCards(ids: number[]): Promise<Map<number, string>> {
    const read = new Map<number, string>();
    const forgetsBefore = this.forgets;
    const rows = await this.db
      .select(gameColumns)
      .from(games)
      .where(and(published, inArray(games.id, ids)));
    const keep = this.forgets === forgetsBefore;
    for (const row of rows) {
      const card = cardBodyOf(toGame(row, this.origins.baseUrl));
      read.set(row.id, card);
      if (keep) this.cards.keep(row.id, card);
    }
    return read;
  }
}
