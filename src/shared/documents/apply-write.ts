// How a write changes a stored document: the server applies it in its transaction, and the
// browser applies a pending write to the documents its listeners hold (latency compensation).
import { type FieldTransform, isCoveredBy } from './transforms';
import { encodeNumber, type EncodedData, type EncodedValue, isPlainObject, numberOf, setOwn, tagOf, TIMESTAMP_TAG } from './values';
import { type ChangingWrite, valueAt } from './writes';

const isMap = (value: EncodedValue | undefined): value is EncodedData => isPlainObject(value) && tagOf(value as EncodedValue) === null;

/**
 * `set` with merge: maps merge field by field, everything else is replaced. An empty map is a
 * value of its own, as in Firestore: merging `{ m: {} }` makes `m` empty.
 */
export function mergeData(before: EncodedData, incoming: EncodedData): EncodedData {
  const out: EncodedData = { ...before };
  for (const [key, value] of Object.entries(incoming)) {
    const existing = out[key];
    const deeper = isMap(existing) && isMap(value) && Object.keys(value).length > 0;
    setOwn(out, key, deeper ? mergeData(existing, value) : value);
  }
  return out;
}

/** Sets a dotted path, creating (or replacing non-map) parents on the way. */
function setPath(target: EncodedData, path: string, value: EncodedValue): void {
  const segments = path.split('.');
  let at = target;
  for (const segment of segments.slice(0, -1)) {
    if (!isMap(at[segment])) setOwn(at, segment, {});
    at = at[segment] as EncodedData;
  }
  setOwn(at, segments.at(-1)!, value);
}

function deletePath(target: EncodedData, path: string): void {
  const segments = path.split('.');
  let at: EncodedValue | undefined = target;
  for (const segment of segments.slice(0, -1)) {
    at = isMap(at) ? at[segment] : undefined;
    if (!isMap(at)) return;
  }
  delete (at as EncodedData)[segments.at(-1)!];
}

/** `update`: each dotted path is set, creating (or replacing non-map) parents on the way. */
export function applyUpdate(before: EncodedData, fields: EncodedData): EncodedData {
  const out = structuredClone(before);
  for (const [path, value] of Object.entries(fields)) setPath(out, path, value);
  return out;
}

/** `set` with mergeFields: only the named fields change, each to its value in the data. */
export function applyMergeFields(before: EncodedData, data: EncodedData, mergeFields: string[]): EncodedData {
  const out = structuredClone(before);
  for (const field of mergeFields) {
    const value = valueAt(data, field);
    if (value !== undefined) setPath(out, field, value);
  }
  return out;
}

/** A value's identity for arrayUnion and arrayRemove: equal values, in any key order, match. */
function identity(value: EncodedValue): string {
  if (Array.isArray(value)) return `[${value.map(identity).join(',')}]`;
  if (!isPlainObject(value)) return JSON.stringify(value);
  const entries = Object.entries(value as EncodedData).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${identity(item)}`).join(',')}}`;
}

function transformed(current: EncodedValue | undefined, transform: FieldTransform, now: string): EncodedValue {
  switch (transform.op) {
    case 'serverTimestamp':
      return { [TIMESTAMP_TAG]: now };
    case 'increment': {
      // A field that is not a number becomes the operand itself (so -0 stays -0).
      const stored = numberOf(current);
      const by = numberOf(transform.value)!;
      return encodeNumber(stored === undefined ? by : stored + by);
    }
    case 'arrayUnion': {
      const out = Array.isArray(current) ? [...current] : [];
      const present = new Set(out.map(identity));
      for (const value of transform.values) {
        if (!present.has(identity(value))) out.push(value);
        present.add(identity(value));
      }
      return out;
    }
    case 'arrayRemove': {
      const removed = new Set(transform.values.map(identity));
      return Array.isArray(current) ? current.filter((value) => !removed.has(identity(value))) : [];
    }
    case 'delete':
      return null;
  }
}

/**
 * A write's transforms, applied in order to the document as written so far (`now`: the
 * transaction's time to the microsecond). With mergeFields, only transforms inside them apply.
 */
export function applyTransforms(data: EncodedData, transforms: FieldTransform[], now: string, mergeFields?: string[]): EncodedData {
  const out = structuredClone(data);
  for (const transform of transforms) {
    if (mergeFields && !mergeFields.some((mask) => isCoveredBy(transform.field, mask))) continue;
    if (transform.op === 'delete') deletePath(out, transform.field);
    else setPath(out, transform.field, transformed(valueAt(out, transform.field), transform, now));
  }
  return out;
}

/** The document's data after a write (null: deleted); `stored` is its data before (missing: {}). */
export function applyWrite(stored: EncodedData, write: ChangingWrite, now: string): EncodedData | null {
  if (write.op === 'delete') return null;
  if (write.op === 'update') return applyTransforms(applyUpdate(stored, write.data), write.transforms ?? [], now);
  const { mergeFields } = write;
  const written = mergeFields
    ? applyMergeFields(stored, write.data, mergeFields)
    : write.merge
      ? mergeData(stored, write.data)
      : write.data;
  return applyTransforms(written, write.transforms ?? [], now, mergeFields);
}
