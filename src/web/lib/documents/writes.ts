import {
  type ChangingWrite,
  DocumentError,
  type DocumentWrite,
  isPlainObject,
  newDocumentId,
  validateBatch,
  validateUpdateData,
  validateWrite,
} from '../../../shared/documents';
import { documentUrl, sendWrite } from './http';
import { withLocalWrites } from './local-writes';
import { type CollectionReference, doc, type DocumentReference } from './references';
import { type SetOptions, type WithFieldValue, type WriteData, writeOf } from './write-data';

/** The body a write's own request carries (set, update, add): the write without op, path and precondition. */
function bodyOf(write: DocumentWrite): Record<string, unknown> {
  const body: Record<string, unknown> = { ...write };
  for (const key of ['op', 'path', 'precondition']) delete body[key];
  return body;
}

export async function setDoc<T>(ref: DocumentReference<T>, data: WriteData<T>, options: SetOptions = {}) {
  const write = validateWrite(writeOf.set(ref, data, options)) as ChangingWrite;
  await withLocalWrites([write], () => sendWrite('PUT', documentUrl(ref.path), bodyOf(write)));
}

/** Sets fields by dotted paths (`{ 'address.city': 'Oslo' }`); the document must exist. */
export async function updateDoc<T>(ref: DocumentReference<T>, fields: Record<string, unknown>) {
  if (!isPlainObject(fields)) validateUpdateData(fields);
  const write = validateWrite(writeOf.update(ref, fields)) as ChangingWrite;
  await withLocalWrites([write], () => sendWrite('PATCH', documentUrl(ref.path), bodyOf(write)));
}

export async function deleteDoc<T>(ref: DocumentReference<T>) {
  await withLocalWrites([writeOf.delete(ref)], () => sendWrite('DELETE', documentUrl(ref.path)));
}

/**
 * Adds a document under a new random id and answers with its reference. As in Firestore's
 * client, the id is made here, so listeners show the document before the server answers; it is
 * created only if no document has that id (`?currentDocument.exists=false`).
 */
export async function addDoc<T>(target: CollectionReference<T>, data: WithFieldValue<T>): Promise<DocumentReference<T>> {
  const ref = doc<T>(target.path, newDocumentId());
  const write = validateWrite(writeOf.set(ref, data)) as ChangingWrite;
  const body = bodyOf(write);
  delete body.merge;
  await withLocalWrites([write], () => sendWrite('PUT', `${documentUrl(ref.path)}?currentDocument.exists=false`, body));
  return ref;
}

/** Applies every write or none (checked here first, as the server checks them). */
export async function commitWrites(writes: DocumentWrite[]): Promise<void> {
  await sendWrite('POST', '/api/documents:batch', { writes: validateBatch(writes) });
}

export interface WriteBatch {
  set<T>(ref: DocumentReference<T>, data: WriteData<T>, options?: SetOptions): WriteBatch;
  update<T>(ref: DocumentReference<T>, fields: Record<string, unknown>): WriteBatch;
  delete<T>(ref: DocumentReference<T>): WriteBatch;
  /** Applies every write or none; a batch without writes sends nothing. */
  commit(): Promise<void>;
}

export const BATCH_COMMITTED_MESSAGE = 'A write batch can no longer be used after commit() has been called.';

export function writeBatch(): WriteBatch {
  const writes: ChangingWrite[] = [];
  let committed = false;
  const add = (write: () => ChangingWrite) => {
    if (committed) throw new DocumentError('failed-precondition', BATCH_COMMITTED_MESSAGE);
    writes.push(write());
    return batch;
  };
  const batch: WriteBatch = {
    set: (ref, data, options) => add(() => writeOf.set(ref, data, options)),
    update: (ref, fields) => add(() => writeOf.update(ref, fields)),
    delete: (ref) => add(() => writeOf.delete(ref)),
    commit: async () => {
      if (committed) throw new DocumentError('failed-precondition', BATCH_COMMITTED_MESSAGE);
      committed = true;
      if (writes.length === 0) return;
      const valid = validateBatch(writes) as ChangingWrite[];
      await withLocalWrites(valid, () => commitWrites(valid));
    },
  };
  return batch;
}
