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

/**
 * One write of a batch, as sent in `POST /api/documents:batch`. A `verify` changes nothing: it
 * only holds the batch to its precondition on a document one may read (a transaction's reads).
 */
export type DocumentWrite =
  | ((
      | { op: 'set'; path: string; data: EncodedData; merge?: boolean }
      | { op: 'update'; path: string; data: EncodedData }
      | { op: 'delete'; path: string }
    ) & { precondition?: Precondition })
  | { op: 'verify'; path: string; precondition: Precondition };

/** A write that changes the document (every kind but verify). */
export type ChangingWrite = Exclude<DocumentWrite, { op: 'verify' }>;

export const MAX_BATCH_WRITES = 500;

export const PRECONDITION_SHAPE_MESSAGE = 'precondition must be { exists: false } or { updateTime: "<an updateTime as answered>" }';
export const VERIFY_NEEDS_PRECONDITION_MESSAGE = 'A verify write needs a precondition: it checks nothing else';

export const QUERY_PRECONDITION_MESSAGE =
  'Give one of ?currentDocument.exists=false and ?currentDocument.updateTime=<an updateTime as answered>';

/** A single-document write's precondition from its URL's query, in Firestore's REST names. */
export function preconditionFromQuery(query: Record<string, unknown>): Precondition | undefined {
  const exists = query['currentDocument.exists'];
  const updateTime = query['currentDocument.updateTime'];
  if (exists === undefined && updateTime === undefined) return undefined;
  if (exists === 'false' && updateTime === undefined) return { exists: false };
  if (exists === undefined && isIsoTime(updateTime)) return { updateTime };
  throw invalidDocumentArgument(QUERY_PRECONDITION_MESSAGE);
}

function validatePrecondition(precondition: unknown): Precondition | undefined {
  if (precondition === undefined) return undefined;
  if (isPlainObject(precondition) && Object.keys(precondition).length === 1) {
    if (precondition.exists === false) return { exists: false };
    if (isIsoTime(precondition.updateTime)) return { updateTime: precondition.updateTime };
  }
  throw invalidDocumentArgument(PRECONDITION_SHAPE_MESSAGE);
}

function validateChange(op: unknown, path: string, data: unknown, merge: unknown): ChangingWrite {
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
  throw invalidDocumentArgument(`Unknown write "${String(op)}": use set, update, delete or verify`);
}

export function validateWrite(write: unknown): DocumentWrite {
  if (!isPlainObject(write)) throw invalidDocumentArgument('Each write must be an object { op, path, ... }');
  const { op, path, data, merge } = write;
  parseDocumentPath(path as string);
  const precondition = validatePrecondition(write.precondition);
  if (op === 'verify') {
    if (!precondition) throw invalidDocumentArgument(VERIFY_NEEDS_PRECONDITION_MESSAGE);
    return { op, path: path as string, precondition };
  }
  const valid = validateChange(op, path as string, data, merge);
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
