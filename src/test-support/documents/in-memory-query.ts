// Test support: the store's query semantics in plain TypeScript, written independently of the
// SQL, so property tests can check that the database answers exactly as this does.
import {
  BYTES_TAG,
  decodeBase64,
  type DocumentQuery,
  type EncodedData,
  type EncodedValue,
  GEOPOINT_TAG,
  MAX_QUERY_LIMIT,
  type OrderDirection,
  tagOf,
  TIMESTAMP_TAG,
  type WhereFilter,
} from '../../shared/documents';

export interface MemoryDocument {
  id: string;
  data: EncodedData;
}

type Map = { [key: string]: EncodedValue };

function fieldOf(data: EncodedData, field: string): EncodedValue | undefined {
  let current: EncodedValue | undefined = data;
  for (const segment of field.split('.')) {
    const isMap = typeof current === 'object' && current !== null && !Array.isArray(current) && !tagOf(current);
    if (!isMap || !Object.hasOwn(current as Map, segment)) return undefined;
    current = (current as Map)[segment];
  }
  return current;
}

function rank(value: EncodedValue): number {
  if (value === null) return 0;
  if (typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 4;
  if (Array.isArray(value)) return 7;
  const tagRanks: Record<string, number> = { [TIMESTAMP_TAG]: 3, [BYTES_TAG]: 5, [GEOPOINT_TAG]: 6 };
  return tagRanks[tagOf(value) ?? ''] ?? 8;
}

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** By Unicode code points, which is the order of their UTF-8 bytes. */
function compareText(a: string, b: string): number {
  const [x, y] = [[...a], [...b]];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (d !== 0) return sign(d);
  }
  return sign(x.length - y.length);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return sign(a[i]! - b[i]!);
  return sign(a.length - b.length);
}

/** The store's total order; all arrays tie, as do all maps. */
export function compareValues(a: EncodedValue, b: EncodedValue): number {
  const byRank = sign(rank(a) - rank(b));
  if (byRank !== 0) return byRank;
  const inner = (v: EncodedValue, tag: string) => (v as Map)[tag];
  switch (rank(a)) {
    case 1:
      return sign(Number(a) - Number(b));
    case 2:
      return sign((a as number) - (b as number));
    case 3:
      return compareText(inner(a, TIMESTAMP_TAG) as string, inner(b, TIMESTAMP_TAG) as string);
    case 4:
      return compareText(a as string, b as string);
    case 5:
      return compareBytes(decodeBase64(inner(a, BYTES_TAG) as string)!, decodeBase64(inner(b, BYTES_TAG) as string)!);
    case 6: {
      const [p, q] = [inner(a, GEOPOINT_TAG) as Map, inner(b, GEOPOINT_TAG) as Map];
      return sign((p.latitude as number) - (q.latitude as number)) || sign((p.longitude as number) - (q.longitude as number));
    }
    default:
      return 0;
  }
}

/** Structural equality, as jsonb's `=`: maps by their keys, arrays in order. */
export function valuesEqual(a: EncodedValue, b: EncodedValue): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => valuesEqual(item, b[i]!));
  }
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && valuesEqual(a[key]!, b[key]!));
}

function matches(data: EncodedData, { field, op, value }: WhereFilter): boolean {
  const v = fieldOf(data, field);
  if (v === undefined) return false;
  if (op === '==') return valuesEqual(v, value);
  if (op === '!=') return !valuesEqual(v, value);
  if (op === 'in') return (value as EncodedValue[]).some((candidate) => valuesEqual(v, candidate));
  if (op === 'array-contains') return Array.isArray(v) && v.some((item) => valuesEqual(item, value));
  if (rank(v) !== rank(value)) return false;
  const c = compareValues(v, value);
  return { '<': c < 0, '<=': c <= 0, '>': c > 0, '>=': c >= 0 }[op];
}

const directed = (c: number, direction: OrderDirection) => (direction === 'asc' ? c : -c);

function compareDocuments(query: DocumentQuery, a: MemoryDocument, b: MemoryDocument): number {
  for (const { field, direction } of query.orderBy) {
    const c = compareValues(fieldOf(a.data, field)!, fieldOf(b.data, field)!);
    if (c !== 0) return directed(c, direction);
  }
  return directed(compareText(a.id, b.id), query.orderBy.at(-1)?.direction ?? 'asc');
}

function isAfterCursor(query: DocumentQuery, doc: MemoryDocument, cursor: EncodedValue[]): boolean {
  for (let i = 0; i < cursor.length; i++) {
    const order = query.orderBy[i];
    const c = order
      ? directed(compareValues(fieldOf(doc.data, order.field)!, cursor[i]!), order.direction)
      : directed(compareText(doc.id, cursor[i] as string), query.orderBy.at(-1)?.direction ?? 'asc');
    if (c !== 0) return c > 0;
  }
  return false;
}

/** The page of ids a query answers with, and whether more follow. */
export function evaluateQuery(docs: MemoryDocument[], query: DocumentQuery): { ids: string[]; hasMore: boolean } {
  const matching = docs
    .filter((doc) => query.orderBy.every((order) => fieldOf(doc.data, order.field) !== undefined))
    .filter((doc) => query.where.every((filter) => matches(doc.data, filter)))
    .filter((doc) => !query.startAfter || isAfterCursor(query, doc, query.startAfter))
    .sort((a, b) => compareDocuments(query, a, b));
  const size = query.limit ?? query.limitToLast ?? MAX_QUERY_LIMIT;
  const page = query.limitToLast !== undefined ? matching.slice(-size) : matching.slice(0, size);
  return { ids: page.map((doc) => doc.id), hasMore: matching.length > size };
}
