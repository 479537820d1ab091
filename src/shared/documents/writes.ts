import { invalidDocumentArgument } from './errors';
import { parseDocumentPath } from './paths';
import { validateDocumentData, validateUpdateData } from './validate';
import { type EncodedData, isPlainObject } from './values';

/** One write of a batch, as sent in `POST /api/documents:batch`. */
export type DocumentWrite =
  | { op: 'set'; path: string; data: EncodedData; merge?: boolean }
  | { op: 'update'; path: string; data: EncodedData }
  | { op: 'delete'; path: string };

export const MAX_BATCH_WRITES = 500;

export function validateWrite(write: unknown): DocumentWrite {
  if (!isPlainObject(write)) throw invalidDocumentArgument('Each write must be an object { op, path, ... }');
  const { op, path, data, merge } = write;
  parseDocumentPath(path as string);
  if (op === 'delete') return { op, path: path as string };
  if (op === 'update') {
    validateUpdateData(data);
    return { op, path: path as string, data };
  }
  if (op === 'set') {
    validateDocumentData(data);
    if (merge !== undefined && typeof merge !== 'boolean') throw invalidDocumentArgument('merge must be true or false');
    return { op, path: path as string, data, merge: merge === true };
  }
  throw invalidDocumentArgument(`Unknown write "${String(op)}": use set, update or delete`);
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
