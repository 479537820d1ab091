import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BuildStatus } from '../../../shared/builds';
import type { Db } from '../../db/client';
import { gameBuilds, games } from '../../db/schema';
import type { BuildStorage } from '../../storage/build-storage';

/** The rules of decision 0068: what a game keeps of its builds, and when the rest goes. */
export const KEEP_APPROVED = 3;
export const REMOVE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
export const OLD_VERSIONS_EVERY_MS = 60 * 60_000;
export const OLD_VERSIONS_JOB = 'old build versions removed';
/** Games looked at in one round; the next round takes the rest. */
const GAMES_PER_ROUND = 50;

export interface BuildVersionRow {
  version: number;
  status: BuildStatus;
  createdAt: Date;
}

/**
 * The versions of one game that may go: rejected ones, pending ones a newer pending one
 * superseded, and approved ones older than the last KEEP_APPROVED (the newest of which plays),
 * once older than REMOVE_AFTER_MS. Never the newest version of all (so no number is used twice),
 * the newest pending one (it awaits review), the one that plays, or the approved ones kept for a
 * rollback.
 */
export function removableVersions(rows: readonly BuildVersionRow[], now: Date): number[] {
  const cutoff = now.getTime() - REMOVE_AFTER_MS;
  const newestFirst = [...rows].sort((a, b) => b.version - a.version);
  const seen: Record<BuildStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  const removable: number[] = [];
  for (const [index, row] of newestFirst.entries()) {
    seen[row.status] = (seen[row.status] ?? 0) + 1;
    if (index === 0 || row.createdAt.getTime() >= cutoff) continue;
    const superseded =
      row.status === 'rejected' ||
      (row.status === 'pending' && seen.pending > 1) ||
      (row.status === 'approved' && seen.approved > KEEP_APPROVED);
    if (superseded) removable.push(row.version);
  }
  return removable;
}

/**
 * One round of the clean-up (a periodic job: one instance at a time). Each game is decided under
 * its row's lock, as an upload numbers versions under it: files leave the storage first, then the
 * rows (in the same transaction), so a failure midway leaves rows that the next round finishes.
 * Only versions no one can play lose their files. A maker's quota sums the rows, so it counts only
 * what is kept.
 */
export async function removeOldVersions(db: Db, storage: BuildStorage, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REMOVE_AFTER_MS);
  const candidates = await db
    .selectDistinct({ gameId: gameBuilds.gameId })
    .from(gameBuilds)
    .where(
      and(
        lt(gameBuilds.createdAt, cutoff),
        sql`${gameBuilds.version} < (select max(b.version) from ${gameBuilds} b where b.game_id = ${gameBuilds.gameId})
      and (${gameBuilds.status} = 'rejected'
        or (${gameBuilds.status} = 'pending' and exists (select 1 from ${gameBuilds} b where b.game_id = ${gameBuilds.gameId} and b.status = 'pending' and b.version > ${gameBuilds.version}))
        or (${gameBuilds.status} = 'approved' and (select count(*) from ${gameBuilds} b where b.game_id = ${gameBuilds.gameId} and b.status = 'approved' and b.version > ${gameBuilds.version}) >= ${KEEP_APPROVED}))`,
      ),
    )
    .limit(GAMES_PER_ROUND);
  let removed = 0;
  for (const { gameId } of candidates) {
    removed += await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${games} where ${games.id} = ${gameId} for update`);
      const rows = await tx
        .select({ version: gameBuilds.version, status: gameBuilds.status, createdAt: gameBuilds.createdAt })
        .from(gameBuilds)
        .where(eq(gameBuilds.gameId, gameId));
      const versions = removableVersions(rows, now);
      for (const version of versions) await storage.forget(gameId, version);
      if (versions.length > 0) await tx.delete(gameBuilds).where(and(eq(gameBuilds.gameId, gameId), inArray(gameBuilds.version, versions)));
      return versions.length;
    });
  }
  return removed;
}
