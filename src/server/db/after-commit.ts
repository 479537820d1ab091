import type { Db } from './db';

type Work = (db: Db) => Promise<unknown>;

// The work each open transaction (and the savepoints inside it) runs once it has committed.
const queues = new WeakMap<object, Set<Work>>();

/**
 * Runs `work` on the database once the transaction `tx` has committed; the same function queued
 * twice runs once. Outside a transaction it runs now, on `tx`.
 *
 * Why: a NOTIFY sent inside a transaction holds PostgreSQL's cluster-wide notification lock from
 * its commit's start to its end, so every notifying transaction would commit in turn.
 */
export async function afterCommit(tx: Db, work: Work): Promise<void> {
  const queue = queues.get(tx);
  if (queue) queue.add(work);
  else await work(tx);
}

function track(tx: Db, queue: Set<Work>): void {
  queues.set(tx, queue);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = ((body, config) =>
    savepoint((inner) => {
      track(inner as Db, queue);
      return body(inner);
    }, config)) as Db['transaction'];
}

/**
 * Makes `db.transaction` run what `afterCommit` queued once the transaction commits. The work
 * runs after the caller's transaction has succeeded, so its failure is not the caller's: it is
 * reported to `onError` (the live hub finds an event that was not announced on its next sweep).
 */
export function runAfterCommits(db: Db, onError: (error: unknown) => void): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (body, config) => {
    const queue = new Set<Work>();
    const result = await transaction((tx) => {
      track(tx as Db, queue);
      return body(tx);
    }, config);
    for (const work of queue) await work(db).catch(onError);
    return result;
  }) as Db['transaction'];
  return db;
}
