import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CatalogueQuery } from '../../../shared/catalogue';
import { catalogueTopic } from '../../../shared/live';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';
import { eventsAfter, latestEventId } from '../live/event-store';
import { searchMatch } from './catalogue-sql';
import { countFacets, FacetColumns, type FacetGame } from './facet-columns';
import type { FacetsAndTotal } from './facets';
import { categoriesOfGame } from './service';

/**
 * Past this age the columns are read again in full: the safety net for changes made behind the
 * app's back (psql, scripts), which publish no event. The app's own changes are replayed from
 * the catalogue's live events before every count, so those are never missed.
 */
const MAX_AGE_MS = 60_000;
/** From this share of MAX_AGE_MS a fresh copy is read in the background, so nobody waits for it. */
const RELOAD_AT = 0.75;
const EVENTS_PER_READ = 1_000;
/** How many sets of counts are remembered for the current columns. */
const MAX_REMEMBERED = 500;
/** A catalogue event's `change` when only play counts moved, which no facet counts. */
const PLAYS_ONLY = 'stats';

interface Snapshot {
  columns: FacetColumns;
  /** The last catalogue event this snapshot has taken in. */
  lastEventId: number;
  loadedAt: number;
}

const published = eq(games.status, 'published');

async function selectFacetGames(db: Db, ids?: number[]): Promise<FacetGame[]> {
  return db
    .select({
      id: games.id,
      priceAmount: games.priceAmount,
      rating: games.rating,
      releaseYear: sql<number>`extract(year from ${games.releaseDate})::int`,
      categories: categoriesOfGame,
      aiRoles: games.aiRoles,
      aiRunsOn: games.aiRunsOn,
      aiWorksOffline: games.aiWorksOffline,
      aiNeedsOwnKey: games.aiNeedsOwnKey,
      aiOutputModerated: games.aiOutputModerated,
    })
    .from(games)
    .where(ids ? and(published, inArray(games.id, ids)) : published);
}

async function loadSnapshot(db: Db): Promise<Snapshot> {
  // Read before the games: whatever happens while they are read is replayed afterwards.
  const lastEventId = await latestEventId(db);
  return { columns: new FacetColumns(await selectFacetGames(db)), lastEventId, loadedAt: Date.now() };
}

/** Takes in the catalogue events after the snapshot's: re-reads the games they name. */
async function replayEvents(db: Db, snapshot: Snapshot): Promise<'done' | 'reload'> {
  for (;;) {
    const events = await eventsAfter(db, snapshot.lastEventId, EVENTS_PER_READ, [catalogueTopic]);
    if (events.length === 0) return 'done';
    const relevant = events.filter((event) => event.payload.change !== PLAYS_ONLY);
    if (relevant.some((event) => typeof event.payload.gameId !== 'number')) return 'reload';
    const ids = [...new Set(relevant.map((event) => event.payload.gameId as number))];
    if (ids.length > 0) {
      const rows = await selectFacetGames(db, ids);
      for (const id of ids) snapshot.columns.remove(id);
      for (const row of rows) snapshot.columns.put(row);
    }
    snapshot.lastEventId = events.at(-1)!.id;
    if (events.length < EVENTS_PER_READ) return 'done';
  }
}

/** The filters of a query: counts do not depend on its order or page. */
function filtersKey({ sort: _sort, page: _page, pageSize: _pageSize, ...filters }: CatalogueQuery): string {
  return JSON.stringify(filters);
}

/** Runs `task` for each caller, sharing a run with others only when it started after they called. */
function coalesced(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const request = (): Promise<void> => {
    if (!running) {
      running = task().finally(() => (running = undefined));
      return running;
    }
    queued ??= running.catch(() => undefined).then(() => {
      queued = undefined;
      return request();
    });
    return queued;
  };
  return request;
}

/**
 * Facet counts and totals for any filters, exact and read-your-writes: the listed games' facet
 * fields are kept in memory (facet-columns.ts) and brought up to date from the catalogue's live
 * events before each count, so a change any instance committed before the request is counted.
 */
export function createFacetSource(db: Db, maxAgeMs = MAX_AGE_MS) {
  let current: Snapshot | undefined;
  /** A full read made in the background, to be taken in by the next catch-up. */
  let ready: Snapshot | undefined;
  let reading = false;

  const readAgainInBackground = () => {
    if (reading) return;
    reading = true;
    loadSnapshot(db)
      .then((snapshot) => void (ready = snapshot), () => undefined)
      .finally(() => (reading = false));
  };

  const catchUp = coalesced(async () => {
    let snapshot = ready ?? current;
    ready = undefined;
    if (!snapshot || Date.now() - snapshot.loadedAt > maxAgeMs) snapshot = await loadSnapshot(db);
    else if (Date.now() - snapshot.loadedAt > maxAgeMs * RELOAD_AT) readAgainInBackground();
    if ((await replayEvents(db, snapshot)) === 'reload') {
      snapshot = await loadSnapshot(db);
      await replayEvents(db, snapshot);
    }
    current = snapshot;
  });

  // Counts already made, for the columns as they were then: a change to the columns forgets them.
  const made = new Map<string, FacetsAndTotal>();
  let madeFor: { columns: FacetColumns; version: number } | undefined;

  return {
    async counts(query: CatalogueQuery): Promise<FacetsAndTotal> {
      await catchUp();
      const { columns } = current!;
      if (madeFor?.columns !== columns || madeFor.version !== columns.version) {
        made.clear();
        madeFor = { columns, version: columns.version };
      }
      const key = filtersKey(query);
      const known = made.get(key);
      if (known) return known;
      const matches = query.q
        ? (await db.select({ id: games.id }).from(games).where(and(published, searchMatch(query.q)))).map((row) => row.id)
        : undefined;
      const counts = countFacets(columns, query, matches);
      if (madeFor.columns === columns && madeFor.version === columns.version) {
        made.set(key, counts);
        if (made.size > MAX_REMEMBERED) made.delete(made.keys().next().value!);
      }
      return counts;
    },
  };
}
