import { type EncodedData, type EncodedValue, isPlainObject, tagOf } from '../../../shared/documents';

const isMap = (value: EncodedValue | undefined): value is EncodedData =>
  isPlainObject(value) && tagOf(value as EncodedValue) === null;

/** `set` with merge: maps merge field by field, everything else is replaced. */
export function mergeData(before: EncodedData, incoming: EncodedData): EncodedData {
  const out: EncodedData = { ...before };
  for (const [key, value] of Object.entries(incoming)) {
    const existing = out[key];
    out[key] = isMap(existing) && isMap(value) ? mergeData(existing, value) : value;
  }
  return out;
}

/** `update`: each dotted path is set, creating (or replacing non-map) parents on the way. */
export function applyUpdate(before: EncodedData, fields: EncodedData): EncodedData {
  const out = structuredClone(before);
  for (const [path, value] of Object.entries(fields)) {
    const segments = path.split('.');
    let target = out;
    for (const segment of segments.slice(0, -1)) {
      const next = target[segment];
      if (!isMap(next)) target[segment] = {};
      target = target[segment] as EncodedData;
    }
    target[segments.at(-1)!] = value;
  }
  return out;
}
