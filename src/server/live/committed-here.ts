// Topics this instance has just committed a change on, told to its own listeners before the
// writer is answered. Every hub hears of the change through the database a moment later
// (publish.ts), but a request that follows the writer's answer on this instance can come sooner,
// and what this instance keeps from before the change (kept-per-member.ts) must be gone by then.
import type { Db } from '../db/client';

type Listener = (topics: readonly string[]) => void;

/** Per database handle: each app (and each test's app) has its own. */
const listenersByDb = new WeakMap<Db, Set<Listener>>();

/** Hears of every change committed through `db` on this instance; answers how to stop. */
export function onCommittedHere(db: Db, listener: Listener): () => void {
  let listeners = listenersByDb.get(db);
  if (!listeners) listenersByDb.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Called once the change has committed: its topics, to this instance's listeners. */
export function committedHere(db: Db, topics: readonly string[]): void {
  for (const listener of listenersByDb.get(db) ?? []) listener(topics);
}
