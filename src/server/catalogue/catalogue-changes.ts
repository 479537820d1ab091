import { and, asc, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogueChanges } from '../db/schema';
import { currentSnapshotText, parseSnapshot, snapshotNow, unseenBy, type TransactionSnapshot } from '../db/transaction-snapshot';

/** How long noted changes are kept; an index that has not caught up for half of it reads everything again. */
export const CHANGE_RETENTION_MS = 60 * 60 * 1000;

export interface CatalogueChange {
  /** Null when any game may have changed (a TRUNCATE). */
  gameId: number | null;
}

/**
 * How far a reader has taken changes in: every change its last look (`seen`) could see. Writers
 * do not take turns, so a change with a lower id can commit after one with a higher id; what
 * `seen` could not see is told by its writer's transaction id instead. While a look is read in
 * pages, `paging` holds where the pages have got to and the snapshot of the first page.
 */
export interface ChangePosition {
  seen: TransactionSnapshot;
  paging?: { upTo: TransactionSnapshot; after: { txid: number; id: number } };
}

/** Where a reader starts that has seen everything committed so far. */
export async function changePositionNow(db: Db): Promise<ChangePosition> {
  return { seen: await snapshotNow(db) };
}

export interface ChangePage {
  changes: CatalogueChange[];
  /** Where to go on from. */
  next: ChangePosition;
  /** Every change committed before this look is taken in once these are. */
  done: boolean;
}

/** The next changes committed since `position`; a change may be told again, never left out. */
export async function changesSince(db: Db, position: ChangePosition, limit: number): Promise<ChangePage> {
  const after = position.paging?.after;
  // Only when paging: a row comparison from the very start made PostgreSQL walk the whole index
  // (13 ms at 15,000 kept changes, on every look) instead of starting at the unseen transactions.
  const pastAfter = after && sql`(${catalogueChanges.txid}, ${catalogueChanges.id}) > (${after.txid}::bigint, ${after.id}::bigint)`;
  const page = db
    .select({ txid: catalogueChanges.txid, id: catalogueChanges.id, gameId: catalogueChanges.gameId })
    .from(catalogueChanges)
    .where(and(unseenBy(catalogueChanges.txid, position.seen), pastAfter))
    .orderBy(asc(catalogueChanges.txid), asc(catalogueChanges.id))
    .limit(limit)
    .as('page');
  // One statement: the page and the snapshot it was read in agree (an empty page still has one).
  const rows = await db
    .select({ snapshot: currentSnapshotText, txid: page.txid, id: page.id, gameId: page.gameId })
    .from(sql`(select 1) as now`)
    .leftJoin(page, sql`true`);
  const found = rows.filter((row) => row.id !== null);
  const upTo = position.paging?.upTo ?? parseSnapshot(rows[0]!.snapshot);
  const changes = found.map((row) => ({ gameId: row.gameId }));
  const last = found.at(-1);
  if (found.length < limit || !last) return { changes, next: { seen: upTo }, done: true };
  return { changes, next: { seen: position.seen, paging: { upTo, after: { txid: last.txid!, id: last.id! } } }, done: false };
}

/** Forgets changes older than the retention; answers how many. */
export async function pruneChanges(db: Db): Promise<number> {
  const old = lt(catalogueChanges.changedAt, sql`now() - make_interval(secs => ${CHANGE_RETENTION_MS / 1000})`);
  const { rows } = (await db.execute(
    sql`with pruned as (delete from ${catalogueChanges} where ${old} returning 1) select count(*)::int as "count" from pruned`,
  )) as unknown as { rows: { count: number }[] };
  return rows[0]?.count ?? 0;
}
