import { coalesced } from '../coalesced';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { sameSnapshot, sharedSnapshotNow } from '../db/transaction-snapshot';
import { CatalogueBodies, type SiteOrigins } from './catalogue-bodies';
import { changePositionNow, changesSince, CHANGE_RETENTION_MS, type ChangePosition } from './catalogue-changes';
import { CatalogueIndex } from './catalogue-index';
import { readAllInBatches, selectColumnGames, selectGameTexts } from './catalogue-rows';

const COLUMN_BATCH = 10_000;
/** Smaller: a batch of descriptions is up to 10,000 characters a game, and taking it in holds up requests. */
const TEXT_BATCH = 1_000;
const CHANGES_PER_READ = 1_000;

interface Loaded {
  index: CatalogueIndex;
  changes: ChangePosition;
  caughtUpAt: number;
  /** Reading the games' text for search, once started; undefined again after it failed. */
  text?: Promise<void>;
  /** While the text is read: the games whose text a change brought in, newer than what that read may hold. */
  textTaken?: Set<number>;
}

/** The listed games' filter and sort fields: what a first catalogue page needs. */
async function loadColumns(db: Db, bodies: CatalogueBodies): Promise<Loaded> {
  // Noted before the games are read: whatever changes while they are read is replayed after.
  const changes = await changePositionNow(db);
  const index = new CatalogueIndex(bodies);
  await readAllInBatches(
    (which) => selectColumnGames(db, which),
    COLUMN_BATCH,
    (batch) => batch.forEach((game) => index.put(game)),
  );
  return { index, changes, caughtUpAt: Date.now() };
}

export interface CatalogueHealth {
  /** Listed games in the index; undefined until it is first read. */
  games: number | undefined;
  /** When (ms since 1970) the index last held every change committed before it looked. */
  upToDateAt: number | undefined;
  /** How long that catch-up took. */
  lastCatchUpSeconds: number | undefined;
}

/**
 * The catalogue index (catalogue-index.ts), up to date with every change committed before
 * each call, whoever made it: database triggers note every change to a game, its categories
 * or its screenshots (migration 0008), and the games those changes name are read again before
 * the index answers. Concurrent callers share one catch-up. `writesSoFar`, where every write
 * passes through this process (the embedded database), saves the look when nothing was written;
 * it answers undefined when the look must be made anyway (the database is down).
 */
export type CatalogueSource = ReturnType<typeof createCatalogueSource>;

export interface IndexOptions {
  /** Whether the answer searches: then the games' text must be in too. */
  search?: boolean;
  /**
   * Given, the index as last caught up is answered when the database cannot be reached to
   * catch up (decision 0056), and this is told when it was last up to date (ms since 1970).
   * Absent, such a failure is thrown as before.
   */
  whenStale?: (upToDateAt: number) => void;
}

export function createCatalogueSource(db: Db, origins: SiteOrigins, writesSoFar?: () => number | undefined) {
  const bodies = new CatalogueBodies(db, origins);
  let current: Loaded | undefined;
  let writesSeen: number | undefined;
  const health: CatalogueHealth = { games: undefined, upToDateAt: undefined, lastCatchUpSeconds: undefined };

  /** Reads every listed game's text into the index, a batch at a time; stops when the index is replaced. */
  const readTexts = (state: Loaded): Promise<void> => {
    const taken = (state.textTaken = new Set());
    const reading = readAllInBatches(
      (which) => selectGameTexts(db, which),
      TEXT_BATCH,
      (batch) => {
        if (current !== state) return false;
        for (const { id, text } of batch) if (!taken.has(id)) state.index.putText(id, text);
      },
    ).then(
      () => {
        if (current === state) state.index.searchable = true;
        state.textTaken = undefined;
      },
      (error: unknown) => {
        state.text = state.textTaken = undefined;
        throw error;
      },
    );
    // Awaited by searches; a failure here is theirs to see, and the next search reads again.
    reading.catch(() => undefined);
    return reading;
  };

  const reload = async () => {
    current = await loadColumns(db, bodies);
    bodies.forgetAll();
  };

  /** Takes in the changes after the last one seen; answers false when everything must be read again. */
  const replay = async (state: Loaded): Promise<boolean> => {
    for (;;) {
      const { changes, next, done } = await changesSince(db, state.changes, CHANGES_PER_READ);
      if (changes.some((change) => change.gameId === null)) return false;
      const ids = [...new Set(changes.map((change) => change.gameId!))];
      if (ids.length > 0) {
        const fresh = await selectColumnGames(db, { ids });
        const texts = await selectGameTexts(db, { ids });
        const listed = new Set(fresh.map((game) => game.id));
        for (const id of ids) if (!listed.has(id)) state.index.remove(id);
        for (const game of fresh) state.index.put(game);
        for (const { id, text } of texts) state.index.putText(id, text);
        for (const id of ids) state.textTaken?.add(id);
        bodies.forget(ids);
      }
      state.changes = next;
      if (done) return true;
    }
  };

  const catchUp = coalesced(async () => {
    const started = performance.now();
    await catchUpNow();
    health.games = current?.index.size;
    health.upToDateAt = Date.now();
    health.lastCatchUpSeconds = (performance.now() - started) / 1000;
  });

  /** Whether nothing has committed since the index's last look (PostgreSQL: one shared snapshot read, not a look). */
  const nothingCommittedSince = async (state: Loaded) =>
    !state.changes.paging && sameSnapshot(await sharedSnapshotNow(db), state.changes.seen);

  const catchUpNow = async () => {
    const writes = writesSoFar?.();
    if (current && writes !== undefined && writes === writesSeen) return;
    if (current && !writesSoFar && (await nothingCommittedSince(current))) {
      current.caughtUpAt = Date.now();
      return;
    }
    // Past half the retention, changes this index has not seen may already be pruned.
    if (!current || Date.now() - current.caughtUpAt > CHANGE_RETENTION_MS / 2) await reload();
    if (!(await replay(current!))) {
      await reload();
      await replay(current!);
    }
    current!.caughtUpAt = Date.now();
    // Only now: a first page waits for the columns and the changes since, not for the text.
    current!.text ??= readTexts(current!);
    // Only once caught up: after a failed look, the next call must look again.
    writesSeen = writes;
  };

  return {
    /** For metrics: how big the index is and how recently it caught up. */
    health: (): Readonly<CatalogueHealth> => health,
    /** Whether the listed games have been read once: until then every list waits for them. */
    loaded: () => current !== undefined,
    /**
     * The index, with every change committed before this call taken in (or, with `whenStale`
     * during an outage, as last caught up). Unless `search` is false, also with every game's
     * text for search, which is read after the rest: a first page that does not search need
     * not wait for it.
     */
    async index({ search = true, whenStale }: IndexOptions = {}): Promise<CatalogueIndex> {
      try {
        await catchUp();
      } catch (error) {
        if (!whenStale || !current || !isDatabaseUnavailable(error)) throw error;
        whenStale(health.upToDateAt ?? current.caughtUpAt);
      }
      for (;;) {
        const state = current!;
        if (!search || state.index.searchable) return state.index;
        state.text ??= readTexts(state);
        await state.text;
      }
    },
  };
}
