// Test support: Firestore's query semantics in plain TypeScript, written from its documented
// ordering and filter rules independently of the store's own evaluator (shared/documents/query),
// so property tests can check that the store answers exactly as this does.
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
  type FieldFilter,
  type QueryFilter,
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

/** Maps compare as the list of their (key, value) entries sorted by key. */
function entriesOf(map: Map): [string, EncodedValue][] {
  return Object.entries(map).sort(([x], [y]) => compareText(x, y));
}

function compareLists<T>(x: T[], y: T[], compare: (a: T, b: T) => number): number {
  const first = x.findIndex((item, i) => i < y.length && compare(item, y[i]!) !== 0);
  if (first >= 0 && first < Math.min(x.length, y.length)) return compare(x[first]!, y[first]!);
  return sign(x.length - y.length);
}

/** Firestore's total order: by type, then within it; arrays element-wise then by length; maps entry-wise. */
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
    case 7:
      return compareLists(a as EncodedValue[], b as EncodedValue[], compareValues);
    case 8:
      return compareLists(entriesOf(a as Map), entriesOf(b as Map), ([k, v], [l, w]) => compareText(k, l) || compareValues(v, w));
    default:
      return 0;
  }
}

const equal = (a: EncodedValue, b: EncodedValue) => compareValues(a, b) === 0;
const ID = '__name__';

const get = (doc: MemoryDocument, field: string) => (field === ID ? doc.id : fieldOf(doc.data, field));

function matches(doc: MemoryDocument, filter: QueryFilter): boolean {
  if (filter.op === 'and') return filter.filters.every((inner) => matches(doc, inner));
  if (filter.op === 'or') return filter.filters.length === 0 || filter.filters.some((inner) => matches(doc, inner));
  const { field, op, value } = filter as FieldFilter;
  const v = get(doc, field);
  if (v === undefined) return false;
  const list = value as EncodedValue[];
  switch (op) {
    case '==':
      return equal(v, value);
    case 'in':
      return list.some((candidate) => equal(v, candidate));
    case '!=':
      return v !== null && !equal(v, value);
    case 'not-in':
      return v !== null && list.every((candidate) => !equal(v, candidate));
    case 'array-contains':
      return Array.isArray(v) && v.some((item) => equal(item, value));
    case 'array-contains-any':
      return Array.isArray(v) && v.some((item) => list.some((candidate) => equal(item, candidate)));
  }
  if (rank(v) !== rank(value)) return false;
  const c = compareValues(v, value);
  return { '<': c < 0, '<=': c <= 0, '>': c > 0, '>=': c >= 0 }[op];
}

const directed = (c: number, direction: OrderDirection) => (direction === 'asc' ? c : -c);

function leaves(filters: QueryFilter[]): FieldFilter[] {
  return filters.flatMap((f) => ('filters' in f ? leaves(f.filters) : [f]));
}

/** Explicit orders, then inequality fields not named (sorted), then the id: Firestore's implicit order. */
function orderOf(query: DocumentQuery): { field: string; direction: OrderDirection }[] {
  const last = query.orderBy.at(-1)?.direction ?? 'asc';
  const inequalities = leaves(query.where)
    .filter((f) => ['<', '<=', '>', '>=', '!=', 'not-in'].includes(f.op))
    .map((f) => f.field)
    .filter((field, i, all) => all.indexOf(field) === i && !query.orderBy.some((o) => o.field === field))
    .sort(compareText);
  const order = [...query.orderBy, ...inequalities.map((field) => ({ field, direction: last }))];
  if (!order.some((o) => o.field === ID)) order.push({ field: ID, direction: order.at(-1)?.direction ?? 'asc' });
  return order;
}

const compareAt = (field: string, a: EncodedValue, b: EncodedValue) =>
  field === ID ? compareText(a as string, b as string) : compareValues(a, b);

function compareDocuments(query: DocumentQuery, a: MemoryDocument, b: MemoryDocument): number {
  for (const { field, direction } of orderOf(query)) {
    const c = compareAt(field, get(a, field)!, get(b, field)!);
    if (c !== 0) return directed(c, direction);
  }
  return 0;
}

/** Where a document sits against a cursor: its values follow the full order, the id included. */
function versusCursor(query: DocumentQuery, doc: MemoryDocument, cursor: EncodedValue[]): number {
  const order = orderOf(query);
  for (let i = 0; i < cursor.length; i++) {
    const o = order[i]!;
    const c = compareAt(o.field, get(doc, o.field)!, cursor[i]!);
    if (c !== 0) return directed(c, o.direction);
  }
  return 0;
}

function insideCursors(query: DocumentQuery, doc: MemoryDocument): boolean {
  const at = (cursor: EncodedValue[] | undefined) => (cursor ? versusCursor(query, doc, cursor) : undefined);
  const [startAt, startAfter, endAt, endBefore] = [at(query.startAt), at(query.startAfter), at(query.endAt), at(query.endBefore)];
  return !(
    (startAt !== undefined && startAt < 0) ||
    (startAfter !== undefined && startAfter <= 0) ||
    (endAt !== undefined && endAt > 0) ||
    (endBefore !== undefined && endBefore >= 0)
  );
}

/** The page of ids a query answers with, and whether more follow. */
export function evaluateQuery(docs: MemoryDocument[], query: DocumentQuery): { ids: string[]; hasMore: boolean } {
  const matching = docs
    .filter((doc) => orderOf(query).every((order) => get(doc, order.field) !== undefined))
    .filter((doc) => query.where.every((filter) => matches(doc, filter)))
    .filter((doc) => insideCursors(query, doc))
    .sort((a, b) => compareDocuments(query, a, b));
  const size = query.limit ?? query.limitToLast ?? MAX_QUERY_LIMIT;
  const page = query.limitToLast !== undefined ? matching.slice(-size) : matching.slice(0, size);
  return { ids: page.map((doc) => doc.id), hasMore: matching.length > size };
}
