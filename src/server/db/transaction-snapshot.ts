import { gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { coalesced } from '../coalesced';
import type { Db } from './client';
import { perDatabase } from './prepared';

/**
 * Which transactions' writes a query could see (PostgreSQL's pg_snapshot): all below `xmin`
 * that committed, none from `xmax` on, and of those between, all but the ones in `xip` (in
 * progress when it was taken).
 */
export interface TransactionSnapshot {
  xmin: number;
  xmax: number;
  xip: number[];
}

/** The text of the statement's own snapshot, for `parseSnapshot`. */
export const currentSnapshotText = sql<string>`pg_current_snapshot()::text`;

/** Reads pg_snapshot's text form, "xmin:xmax:xip,xip,...". */
export function parseSnapshot(text: string): TransactionSnapshot {
  const [xmin, xmax, xip] = text.split(':');
  if (xmin === undefined || xmax === undefined || xip === undefined) throw new Error(`Not a transaction snapshot: ${text}`);
  return { xmin: Number(xmin), xmax: Number(xmax), xip: xip === '' ? [] : xip.split(',').map(Number) };
}

/** Whether a query with this snapshot saw what the transaction `txid` wrote (if it committed). */
export function sawTransaction(snapshot: TransactionSnapshot, txid: number): boolean {
  return txid < snapshot.xmin || (txid < snapshot.xmax && !snapshot.xip.includes(txid));
}

/** The snapshot a statement sees now. */
export async function snapshotNow(db: Db): Promise<TransactionSnapshot> {
  const { rows } = (await db.execute(sql`select ${currentSnapshotText} as "snapshot"`)) as unknown as { rows: { snapshot: string }[] };
  return parseSnapshot(rows[0]!.snapshot);
}

const sharedRead = perDatabase((db) => coalesced(() => snapshotNow(db)));

/**
 * `snapshotNow`, one read shared by every caller that asks while one is on its way: each gets a
 * snapshot taken after it asked. The live hub and the catalogue both ask on every page view.
 */
export const sharedSnapshotNow = (db: Db): Promise<TransactionSnapshot> => sharedRead(db)();

/** Whether two snapshots see the same transactions: nothing committed between them. */
export function sameSnapshot(a: TransactionSnapshot, b: TransactionSnapshot): boolean {
  return a.xmin === b.xmin && a.xmax === b.xmax && a.xip.length === b.xip.length && a.xip.every((txid, at) => txid === b.xip[at]);
}

/**
 * Rows whose writer (the transaction id in `txid`) `seen` could not see: it began after `seen`
 * was taken or was still running then. Of those, a query sees the ones committed since.
 */
export function unseenBy(txid: AnyPgColumn, seen: TransactionSnapshot): SQL {
  return seen.xip.length === 0 ? gte(txid, seen.xmax) : or(gte(txid, seen.xmax), inArray(txid, seen.xip))!;
}
