import { invalidDocumentArgument } from './errors';
import { parseDocumentPath } from './paths';
import { DELETE_IN_SET_MESSAGE, type FieldTransform, isCoveredBy, validateTransforms } from './transforms';
import { isIsoTime, validateDocumentData, validateFieldPath, validateUpdateData } from './validate';
import { type EncodedData, type EncodedValue, isPlainObject } from './values';

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
      | { op: 'set'; path: string; data: EncodedData; merge?: boolean; mergeFields?: string[]; transforms?: FieldTransform[] }
      | { op: 'update'; path: string; data: EncodedData; transforms?: FieldTransform[] }
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

/** The value at a dotted field path of encoded data, or undefined. */
export function valueAt(data: EncodedData, field: string): EncodedValue | undefined {
  let value: EncodedValue | undefined = data;
  for (const segment of field.split('.')) {
    if (!isPlainObject(value) || !Object.hasOwn(value, segment)) return undefined;
    value = (value as EncodedData)[segment];
  }
  return value;
}

export const BOTH_MERGE_OPTIONS_MESSAGE = 'Give merge or mergeFields, not both';

function validateMergeFields(mergeFields: unknown, data: EncodedData, transforms: FieldTransform[]): string[] | undefined {
  if (mergeFields === undefined) return undefined;
  if (!Array.isArray(mergeFields)) throw invalidDocumentArgument('mergeFields must be an array of field paths');
  for (const field of mergeFields) {
    validateFieldPath(field);
    const named =
      valueAt(data, field as string) !== undefined || transforms.some((transform) => isCoveredBy(transform.field, field as string));
    if (!named) throw invalidDocumentArgument(`Field "${field}" is specified in your field mask but missing from your input data`);
  }
  return mergeFields as string[];
}

/**
 * An update's data keys and transform fields: none may repeat, and no field may lie inside a
 * transform's (the transform, applied after the data, would overwrite it). A transform may lie
 * inside a data key: `{ m: { at: serverTimestamp() } }` sets `m`, then its time.
 */
function checkUpdatePaths(data: EncodedData, transforms: FieldTransform[]): void {
  const fields = transforms.map((transform) => transform.field);
  const paths = [...Object.keys(data), ...fields];
  const repeated = paths.find((path, i) => paths.indexOf(path) !== i);
  if (repeated !== undefined) throw invalidDocumentArgument(`Field "${repeated}" is named twice`);
  for (const path of paths) {
    const outer = fields.find((field) => field !== path && isCoveredBy(path, field));
    if (outer) throw invalidDocumentArgument(`Field path "${path}" lies inside "${outer}"`);
  }
}

function validateChange(write: Record<string, unknown>, path: string): ChangingWrite {
  const { op, data, merge } = write;
  if (op === 'delete') return { op, path };
  if (op !== 'update' && op !== 'set') throw invalidDocumentArgument(`Unknown write "${String(op)}": use set, update, delete or verify`);
  if (op === 'update') validateUpdateData(data);
  else validateDocumentData(data);
  const transforms = validateTransforms(write.transforms);
  const withTransforms = transforms.length > 0 ? { transforms } : {};
  if (op === 'update') {
    checkUpdatePaths(data, transforms);
    return { op, path, data, ...withTransforms };
  }
  if (merge !== undefined && typeof merge !== 'boolean') throw invalidDocumentArgument('merge must be true or false');
  const mergeFields = validateMergeFields(write.mergeFields, data, transforms);
  if (merge === true && mergeFields) throw invalidDocumentArgument(BOTH_MERGE_OPTIONS_MESSAGE);
  const merging = merge === true || mergeFields !== undefined;
  if (!merging && transforms.some((transform) => transform.op === 'delete')) throw invalidDocumentArgument(DELETE_IN_SET_MESSAGE);
  return { op, path, data, merge: merge === true, ...(mergeFields ? { mergeFields } : {}), ...withTransforms };
}

export function validateWrite(write: unknown): DocumentWrite {
  if (!isPlainObject(write)) throw invalidDocumentArgument('Each write must be an object { op, path, ... }');
  const { op, path } = write;
  parseDocumentPath(path as string);
  const precondition = validatePrecondition(write.precondition);
  if (op === 'verify') {
    if (!precondition) throw invalidDocumentArgument(VERIFY_NEEDS_PRECONDITION_MESSAGE);
    return { op, path: path as string, precondition };
  }
  const valid = validateChange(write, path as string);
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
