import { asc, gt, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueChanges } from '../../db/schema';

/** How long noted changes are kept; an index that has not caught up for half of it reads everything again. */
export const CHANGE_RETENTION_MS = 60 * 60 * 1000;

export interface CatalogueChange {
  id: number;
  /** Null when any game may have changed (a TRUNCATE). */
  gameId: number | null;
}

/** The changes noted after `afterId`, oldest first. */
export async function changesAfter(db: Db, afterId: number, limit: number): Promise<CatalogueChange[]> {
  return db
    .select({ id: catalogueChanges.id, gameId: catalogueChanges.gameId })
    .from(catalogueChanges)
    .where(gt(catalogueChanges.id, afterId))
    .orderBy(asc(catalogueChanges.id))
    .limit(limit);
}

export async function latestChangeId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(catalogueChanges.id) }).from(catalogueChanges);
  return row?.id ?? 0;
}

/** Forgets changes older than the retention; answers how many. */
export async function pruneChanges(db: Db): Promise<number> {
  const old = lt(catalogueChanges.changedAt, sql`now() - make_interval(secs => ${CHANGE_RETENTION_MS / 1000})`);
  const { rows } = (await db.execute(
    sql`with pruned as (delete from ${catalogueChanges} where ${old} returning 1) select count(*)::int as "count" from pruned`,
  )) as unknown as { rows: { count: number }[] };
  return rows[0]?.count ?? 0;
}
