import { invalidDocumentArgument } from './errors';
import { parseDocumentPath } from './paths';
import { isIsoTime, validateDocumentData, validateUpdateData } from './validate';
import { type EncodedData, isPlainObject } from './values';

/**
 * What the stored document must be for a write to apply: absent, or exactly as last read (its
 * `updateTime`, which every write moves on by at least a millisecond). Otherwise the write,
 * and the whole batch with it, fails with `failed-precondition`.
 */
export type Precondition = { exists: false } | { updateTime: string };

/** One write of a batch, as sent in `POST /api/documents:batch`. */
export type DocumentWrite = (
  | { op: 'set'; path: string; data: EncodedData; merge?: boolean }
  | { op: 'update'; path: string; data: EncodedData }
  | { op: 'delete'; path: string }
) & { precondition?: Precondition };

export const MAX_BATCH_WRITES = 500;

export const PRECONDITION_SHAPE_MESSAGE = 'precondition must be { exists: false } or { updateTime: "<an updateTime as answered>" }';

function validatePrecondition(precondition: unknown): Precondition | undefined {
  if (precondition === undefined) return undefined;
  if (isPlainObject(precondition) && Object.keys(precondition).length === 1) {
    if (precondition.exists === false) return { exists: false };
    if (isIsoTime(precondition.updateTime)) return { updateTime: precondition.updateTime };
  }
  throw invalidDocumentArgument(PRECONDITION_SHAPE_MESSAGE);
}

function validateOperation(op: unknown, path: string, data: unknown, merge: unknown): DocumentWrite {
  if (op === 'delete') return { op, path };
  if (op === 'update') {
    validateUpdateData(data);
    return { op, path, data };
  }
  if (op === 'set') {
    validateDocumentData(data);
    if (merge !== undefined && typeof merge !== 'boolean') throw invalidDocumentArgument('merge must be true or false');
    return { op, path, data, merge: merge === true };
  }
  throw invalidDocumentArgument(`Unknown write "${String(op)}": use set, update or delete`);
}

export function validateWrite(write: unknown): DocumentWrite {
  if (!isPlainObject(write)) throw invalidDocumentArgument('Each write must be an object { op, path, ... }');
  const { op, path, data, merge } = write;
  parseDocumentPath(path as string);
  const precondition = validatePrecondition(write.precondition);
  const valid = validateOperation(op, path as string, data, merge);
  return precondition ? { ...valid, precondition } : valid;
}

export function validateBatch(writes: unknown): DocumentWrite[] {
  if (!Array.isArray(writes) || writes.length === 0 || writes.length > MAX_BATCH_WRITES) {
    throw invalidDocumentArgument(`A batch needs 1 to ${MAX_BATCH_WRITES} writes`);
  }
  return writes.map(validateWrite);
}

/** A document as the API answers with it. */
export interface StoredDocument {
  path: string;
  id: string;
  data: EncodedData;
  createTime: string;
  updateTime: string;
}

export interface DocumentResponse {
  path: string;
  id: string;
  exists: boolean;
  data: EncodedData | null;
  createTime: string | null;
  updateTime: string | null;
}

export interface QueryResponse {
  documents: StoredDocument[];
  /** More documents match beyond this page (continue with startAfter). */
  hasMore: boolean;
}
