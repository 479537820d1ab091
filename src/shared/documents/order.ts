// Firestore's value order and filter rules over the tagged encoding. The server evaluates every
// query with these (decision 0041): null < boolean < number < timestamp < string < bytes <
// geo point < array < map; arrays compare element by element, then by length; maps by their
// keys in order, key then value, then by size. Text compares by Unicode code point (UTF-8 bytes).
import { decodeBase64 } from './base64';
import {
  BYTES_TAG,
  DOUBLE_TAG,
  type EncodedData,
  type EncodedValue,
  GEOPOINT_TAG,
  isPlainObject,
  numberOf,
  tagOf,
  TIMESTAMP_TAG,
} from './values';

type EncodedMap = { [key: string]: EncodedValue };

/** The name documentId() stands for in a query's field paths. */
export const DOCUMENT_ID_FIELD = '__name__';

/** Type classes in Firestore's order. */
export function typeOrder(value: EncodedValue): number {
  if (value === null) return 0;
  if (typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 4;
  if (Array.isArray(value)) return 7;
  switch (tagOf(value)) {
    case DOUBLE_TAG:
      return 2;
    case TIMESTAMP_TAG:
      return 3;
    case BYTES_TAG:
      return 5;
    case GEOPOINT_TAG:
      return 6;
    default:
      return 8;
  }
}

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Numbers as Firestore orders them: NaN first (and equal to itself), -0 equal to 0. */
function compareNumbers(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : -1) : 1;
  return sign(a - b);
}

/** A stored time with its fraction to nine digits, so times written to the millisecond and to the microsecond compare as instants. */
const toNanoseconds = (time: string) =>
  time.replace(/(?:\.(\d*))?Z$/, (_, fraction: string | undefined) => `.${(fraction ?? '').padEnd(9, '0')}Z`);

export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (a code point above U+FFFF) sorts after every BMP unit in code-point order.
    const surrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;
    if (surrogate(x) !== surrogate(y)) return surrogate(x) ? 1 : -1;
    return sign(x - y);
  }
  return sign(a.length - b.length);
}

function compareByteStrings(a: string, b: string): number {
  const [x, y] = [decodeBase64(a) ?? new Uint8Array(), decodeBase64(b) ?? new Uint8Array()];
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return sign(x[i]! - y[i]!);
  return sign(x.length - y.length);
}

function compareArrays(a: EncodedValue[], b: EncodedValue[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareValues(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

const sortedKeys = (map: EncodedMap) => Object.keys(map).sort(compareCodePoints);

function compareMaps(a: EncodedMap, b: EncodedMap): number {
  const [x, y] = [sortedKeys(a), sortedKeys(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const c = compareCodePoints(x[i]!, y[i]!) || compareValues(a[x[i]!]!, b[y[i]!]!);
    if (c !== 0) return c;
  }
  return sign(x.length - y.length);
}

/** Firestore's total order of values: negative, zero or positive. */
export function compareValues(a: EncodedValue, b: EncodedValue): number {
  const byType = sign(typeOrder(a) - typeOrder(b));
  if (byType !== 0) return byType;
  const inner = (v: EncodedValue, tag: string) => (v as EncodedMap)[tag]!;
  switch (typeOrder(a)) {
    case 0:
      return 0;
    case 1:
      return sign(Number(a) - Number(b));
    case 2:
      return compareNumbers(numberOf(a)!, numberOf(b)!);
    case 3:
      return compareCodePoints(toNanoseconds(inner(a, TIMESTAMP_TAG) as string), toNanoseconds(inner(b, TIMESTAMP_TAG) as string));
    case 4:
      return compareCodePoints(a as string, b as string);
    case 5:
      return compareByteStrings(inner(a, BYTES_TAG) as string, inner(b, BYTES_TAG) as string);
    case 6: {
      const [p, q] = [inner(a, GEOPOINT_TAG) as EncodedMap, inner(b, GEOPOINT_TAG) as EncodedMap];
      return sign((p.latitude as number) - (q.latitude as number)) || sign((p.longitude as number) - (q.longitude as number));
    }
    case 7:
      return compareArrays(a as EncodedValue[], b as EncodedValue[]);
    default:
      return compareMaps(a as EncodedMap, b as EncodedMap);
  }
}

export const valuesEqual = (a: EncodedValue, b: EncodedValue) => compareValues(a, b) === 0;

/** A field by its dotted path (only maps are looked into), or undefined when it is missing. */
export function fieldOf(data: EncodedData, field: string): EncodedValue | undefined {
  let current: EncodedValue | undefined = data;
  for (const segment of field.split('.')) {
    if (!isPlainObject(current) || tagOf(current) || !Object.hasOwn(current, segment)) return undefined;
    current = (current as EncodedMap)[segment];
  }
  return current;
}
