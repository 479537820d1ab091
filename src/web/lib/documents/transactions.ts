import { type ChangingWrite, type DocumentWrite, invalidDocumentArgument, type Precondition } from '../../../shared/documents';
import { ApiError } from '../api';
import { getDoc } from './reads';
import type { DocumentReference } from './references';
import type { DocumentSnapshot } from './snapshots';
import { type SetOptions, type WithFieldValue, writeOf } from './write-data';
import { commitWrites } from './writes';

export interface Transaction {
  get<T>(ref: DocumentReference<T>): Promise<DocumentSnapshot<T>>;
  set<T>(ref: DocumentReference<T>, data: WithFieldValue<T> | Partial<WithFieldValue<T>>, options?: SetOptions): Transaction;
  update<T>(ref: DocumentReference<T>, fields: Record<string, unknown>): Transaction;
  delete<T>(ref: DocumentReference<T>): Transaction;
}

export const MAX_TRANSACTION_ATTEMPTS = 5;
export const READ_AFTER_WRITE_MESSAGE = 'A transaction must read every document before it writes any';

/** One attempt: what it read (as preconditions) and what it means to write. */
function attempt() {
  const read = new Map<string, Precondition>();
  const writes: ChangingWrite[] = [];
  const transaction: Transaction = {
    get: async (ref) => {
      if (writes.length > 0) throw invalidDocumentArgument(READ_AFTER_WRITE_MESSAGE);
      const snapshot = await getDoc(ref);
      read.set(ref.path, snapshot.updateTime ? { updateTime: snapshot.updateTime } : { exists: false });
      return snapshot;
    },
    set: (ref, data, options) => (writes.push(writeOf.set(ref, data, options)), transaction),
    update: (ref, fields) => (writes.push(writeOf.update(ref, fields)), transaction),
    delete: (ref) => (writes.push(writeOf.delete(ref)), transaction),
  };
  const commit = async () => {
    if (writes.length === 0) return;
    // Only a document's first write is checked: the ones after it see that write, not the read.
    const checked = new Set<string>();
    const conditioned = writes.map((write) => {
      const precondition = checked.has(write.path) ? undefined : read.get(write.path);
      checked.add(write.path);
      return { ...write, precondition };
    });
    const verified = [...read]
      .filter(([path]) => !checked.has(path))
      .map(([path, precondition]): DocumentWrite => ({ op: 'verify', path, precondition }));
    await commitWrites([...verified, ...conditioned]);
  };
  return { transaction, commit };
}

const changedSinceRead = (error: unknown) => error instanceof ApiError && error.code === 'failed-precondition';

/**
 * Runs `work` and applies its writes all or none, and only if every document it read is still
 * as it read it (those it only read are sent as `verify` writes): when another write came
 * between, `work` runs again on fresh reads (up to MAX_TRANSACTION_ATTEMPTS times, then the
 * store's failed-precondition error is thrown). As with Firestore's transactions, `work` may run
 * more than once, so it must change nothing outside the transaction. A transaction that writes
 * nothing commits nothing.
 */
export async function runTransaction<R>(work: (transaction: Transaction) => Promise<R>): Promise<R> {
  for (let attempts = 1; ; attempts++) {
    const { transaction, commit } = attempt();
    const result = await work(transaction);
    try {
      await commit();
      return result;
    } catch (error) {
      if (!changedSinceRead(error) || attempts === MAX_TRANSACTION_ATTEMPTS) throw error;
    }
  }
}
