import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gameMedia, games } from '../../db/schema';
import { coalesced } from '../../coalesced';
import { changesAfter, CHANGE_RETENTION_MS, latestChangeId } from './catalogue-changes';
import { CatalogueIndex, type IndexedGame } from './catalogue-index';
import { gameColumns, toGame } from './service';

const LOAD_BATCH = 5_000;
const CHANGES_PER_READ = 1_000;

const published = eq(games.status, 'published');
const indexColumns = {
  ...gameColumns,
  r1: games.ratings1,
  r2: games.ratings2,
  r3: games.ratings3,
  r4: games.ratings4,
  r5: games.ratings5,
  weightedRating: games.weightedRating,
  recentPlays: games.recentPlays,
  searchKeywords: games.searchKeywords,
};

/** Listed games as the index keeps them: these ids, or a batch of all of them after `afterId`. */
async function selectIndexedGames(db: Db, baseUrl: string, which: { ids: number[] } | { afterId: number }): Promise<IndexedGame[]> {
  const rows = await db
    .select(indexColumns)
    .from(games)
    .where(and(published, 'ids' in which ? inArray(games.id, which.ids) : gt(games.id, which.afterId)))
    .orderBy(asc(games.id))
    .limit('ids' in which ? which.ids.length : LOAD_BATCH);
  if (rows.length === 0) return [];
  const media = await db
    .select({ gameId: gameMedia.gameId, path: gameMedia.path, alt: gameMedia.alt })
    .from(gameMedia)
    .where(inArray(gameMedia.gameId, rows.map((row) => row.id)))
    .orderBy(asc(gameMedia.gameId), asc(gameMedia.position), asc(gameMedia.id));
  const mediaOf = new Map<number, { path: string; alt: string }[]>();
  for (const { gameId, path, alt } of media) {
    const shots = mediaOf.get(gameId) ?? [];
    shots.push({ path, alt });
    mediaOf.set(gameId, shots);
  }
  return rows.map((row) => ({
    ...toGame(row, baseUrl),
    ratingHistogram: [row.r1, row.r2, row.r3, row.r4, row.r5],
    media: mediaOf.get(row.id) ?? [],
    weightedRating: row.weightedRating,
    recentPlays: row.recentPlays,
    searchKeywords: row.searchKeywords,
  }));
}

async function loadIndex(db: Db, baseUrl: string): Promise<{ index: CatalogueIndex; lastChangeId: number }> {
  // Noted before the games are read: whatever changes while they are read is replayed after.
  const lastChangeId = await latestChangeId(db);
  const index = new CatalogueIndex();
  for (let batch = await selectIndexedGames(db, baseUrl, { afterId: 0 }); batch.length > 0; ) {
    for (const game of batch) index.put(game);
    batch = batch.length < LOAD_BATCH ? [] : await selectIndexedGames(db, baseUrl, { afterId: batch.at(-1)!.id });
  }
  index.prepare();
  return { index, lastChangeId };
}

/**
 * The catalogue index (catalogue-index.ts), up to date with every change committed before
 * each call, whoever made it: database triggers note every change to a game, its categories
 * or its screenshots (migration 0008), and the games those changes name are read again before
 * the index answers. Concurrent callers share one catch-up. `writesSoFar`, where every write
 * passes through this process (the embedded database), saves the look when nothing was written;
 * it answers undefined when the look must be made anyway (the database is down).
 */
export function createCatalogueSource(db: Db, baseUrl: string, writesSoFar?: () => number | undefined) {
  let current: { index: CatalogueIndex; lastChangeId: number; caughtUpAt: number } | undefined;
  let writesSeen: number | undefined;

  const reload = async () => {
    current = { ...(await loadIndex(db, baseUrl)), caughtUpAt: Date.now() };
  };

  /** Takes in the changes after the last one seen; answers false when everything must be read again. */
  const replay = async (state: NonNullable<typeof current>): Promise<boolean> => {
    for (;;) {
      const changes = await changesAfter(db, state.lastChangeId, CHANGES_PER_READ);
      if (changes.some((change) => change.gameId === null)) return false;
      const ids = [...new Set(changes.map((change) => change.gameId!))];
      if (ids.length > 0) {
        const fresh = await selectIndexedGames(db, baseUrl, { ids });
        const listed = new Set(fresh.map((game) => game.id));
        for (const id of ids) if (!listed.has(id)) state.index.remove(id);
        for (const game of fresh) state.index.put(game);
        state.lastChangeId = changes.at(-1)!.id;
      }
      if (changes.length < CHANGES_PER_READ) return true;
    }
  };

  const catchUp = coalesced(async () => {
    const writes = writesSoFar?.();
    if (current && writes !== undefined && writes === writesSeen) return;
    // Past half the retention, changes this index has not seen may already be pruned.
    if (!current || Date.now() - current.caughtUpAt > CHANGE_RETENTION_MS / 2) await reload();
    if (!(await replay(current!))) {
      await reload();
      await replay(current!);
    }
    current!.caughtUpAt = Date.now();
    // Only once caught up: after a failed look, the next call must look again.
    writesSeen = writes;
  });

  return {
    /** The index, with every change committed before this call taken in. */
    async index(): Promise<CatalogueIndex> {
      await catchUp();
      return current!.index;
    },
  };
}
