import { DocumentError, invalidDocumentArgument } from './errors';
import { compareCodePoints, compareValues, DOCUMENT_ID_FIELD, fieldOf, typeOrder, valuesEqual } from './order';
import { validateFieldPath, validateValue } from './validate';
import { type EncodedData, type EncodedValue, isPlainObject } from './values';

export const queryOperators = ['==', '!=', '<', '<=', '>', '>=', 'array-contains', 'array-contains-any', 'in', 'not-in'] as const;
export type QueryOperator = (typeof queryOperators)[number];
export const rangeOperators: readonly QueryOperator[] = ['<', '<=', '>', '>='];
/** Operators that make Firestore order by their field when no orderBy names it. */
export const inequalityOperators: readonly QueryOperator[] = ['<', '<=', '>', '>=', '!=', 'not-in'];
const listOperators: readonly QueryOperator[] = ['in', 'not-in', 'array-contains-any'];
export type OrderDirection = 'asc' | 'desc';

export interface FieldFilter {
  field: string;
  op: QueryOperator;
  value: EncodedValue;
}

/** `or(...)` / `and(...)` of filters; a query's `where` list is itself an implicit `and`. */
export interface CompositeFilter {
  op: 'or' | 'and';
  filters: QueryFilter[];
}

export type QueryFilter = FieldFilter | CompositeFilter;

export const isCompositeFilter = (filter: QueryFilter): filter is CompositeFilter => filter.op === 'or' || filter.op === 'and';

export interface OrderBy {
  field: string;
  direction: OrderDirection;
}

/**
 * A query on one collection, as sent in `POST /api/documents:query`. Cursors hold values for the
 * query's effective order (`effectiveOrderBy`) in order, a prefix of it: the orderBy fields,
 * the implicit inequality fields, then the document id.
 */
export interface DocumentQuery {
  where: QueryFilter[];
  orderBy: OrderBy[];
  limit?: number;
  limitToLast?: number;
  startAt?: EncodedValue[];
  startAfter?: EncodedValue[];
  endAt?: EncodedValue[];
  endBefore?: EncodedValue[];
}

export const cursorNames = ['startAt', 'startAfter', 'endAt', 'endBefore'] as const;
export type CursorName = (typeof cursorNames)[number];

/** The most documents one query answers with; without a limit, a page of this size. */
export const MAX_QUERY_LIMIT = 500;
export const MAX_IN_VALUES = 30;
export const MAX_NOT_IN_VALUES = 10;
export const MAX_DISJUNCTIONS = 30;
export const MAX_FILTERS = 30;
export const MAX_ORDER_BY = 8;
const MAX_FILTER_DEPTH = 4;
const queryKeys = ['where', 'orderBy', 'limit', 'limitToLast', ...cursorNames];

export const LIMIT_TO_LAST_MESSAGE = 'limitToLast queries require specifying at least one orderBy clause';

function validateDocumentIdValue(value: unknown, op: string): void {
  const ids = listOperators.includes(op as QueryOperator) ? (value as unknown[]) : [value];
  for (const id of ids) {
    if (typeof id !== 'string' || id === '') {
      throw invalidDocumentArgument(`Filters on documentId() need a non-empty document id string (operator "${op}")`);
    }
    if (id.includes('/')) {
      throw invalidDocumentArgument(`Filters on documentId() need a plain document id, but "${id}" contains a "/"`);
    }
  }
}

function validateFieldFilter(filter: Record<string, unknown>): FieldFilter {
  const { field, op, value } = filter;
  if (field === undefined && 'filters' in filter) {
    throw invalidDocumentArgument(`Invalid composite filter "${String(op)}": use "or" or "and"`);
  }
  const isId = field === DOCUMENT_ID_FIELD;
  if (!isId) validateFieldPath(field);
  if (!queryOperators.includes(op as QueryOperator)) {
    throw invalidDocumentArgument(`Invalid query operator "${String(op)}" (field "${String(field)}")`);
  }
  const operator = op as QueryOperator;
  const name = field as string;
  if (listOperators.includes(operator)) {
    const max = operator === 'not-in' ? MAX_NOT_IN_VALUES : MAX_IN_VALUES;
    if (!Array.isArray(value) || value.length === 0 || value.length > max) {
      throw invalidDocumentArgument(`"${operator}" filters need an array of 1 to ${max} values (field "${name}")`);
    }
    value.forEach((item) => validateValue(item, name));
  } else {
    validateValue(value, name, operator === 'array-contains');
  }
  if (isId) {
    if (operator === 'array-contains' || operator === 'array-contains-any') {
      throw invalidDocumentArgument(`"${operator}" filters cannot be used on documentId()`);
    }
    validateDocumentIdValue(value, operator);
  }
  if (value === null && operator !== '==' && operator !== '!=') {
    throw invalidDocumentArgument(`Null only supports "==" and "!=" comparisons (field "${name}")`);
  }
  return { field: name, op: operator, value: value as EncodedValue };
}

function validateFilter(filter: unknown, depth = 0): QueryFilter {
  if (!isPlainObject(filter)) {
    throw invalidDocumentArgument('Each where filter must be an object { field, op, value } or { op: "or" | "and", filters }');
  }
  if (filter.op !== 'or' && filter.op !== 'and') return validateFieldFilter(filter);
  if (depth >= MAX_FILTER_DEPTH) throw invalidDocumentArgument(`Composite filters nest at most ${MAX_FILTER_DEPTH} deep`);
  const filters = validateList(`An "${filter.op}" filter's filters`, filter.filters, MAX_FILTERS, (inner) =>
    validateFilter(inner, depth + 1),
  );
  return { op: filter.op, filters };
}

/** Every field filter in a filter tree. */
export function fieldFilters(filters: QueryFilter[]): FieldFilter[] {
  return filters.flatMap((filter) => (isCompositeFilter(filter) ? fieldFilters(filter.filters) : [filter]));
}

/** The number of disjunctions of the filters' disjunctive normal form (Firestore allows 30). */
function disjunctions(filter: QueryFilter): number {
  if (!isCompositeFilter(filter))
    return listOperators.includes(filter.op) && filter.op !== 'not-in' ? (filter.value as unknown[]).length : 1;
  if (filter.filters.length === 0) return 1;
  const counts = filter.filters.map(disjunctions);
  return filter.op === 'or' ? counts.reduce((a, b) => a + b, 0) : counts.reduce((a, b) => a * b, 1);
}

// Firestore's rules on operators that cannot share one query.
const conflicts: Partial<Record<QueryOperator, QueryOperator[]>> = {
  '!=': ['!=', 'not-in'],
  'array-contains': ['array-contains', 'array-contains-any'],
  'array-contains-any': ['array-contains-any', 'not-in'],
  in: ['not-in'],
  'not-in': ['array-contains-any', 'in', 'not-in', '!='],
};

function validateFilterCombination(where: QueryFilter[]): void {
  const all = fieldFilters(where);
  all.forEach((filter, i) => {
    const clash = all.slice(0, i).find((earlier) => conflicts[filter.op]?.includes(earlier.op));
    if (!clash) return;
    throw invalidDocumentArgument(
      clash.op === filter.op
        ? `A query cannot use more than one "${filter.op}" filter`
        : `A query cannot use "${filter.op}" filters with "${clash.op}" filters`,
    );
  });
  const count = disjunctions({ op: 'and', filters: where });
  if (count > MAX_DISJUNCTIONS) {
    throw invalidDocumentArgument(
      `This query's filters make ${count} disjunctions in disjunctive normal form; at most ${MAX_DISJUNCTIONS} are allowed`,
    );
  }
}

function validateOrderBy(order: unknown): OrderBy {
  if (!isPlainObject(order)) throw invalidDocumentArgument('Each orderBy must be an object { field, direction }');
  if (order.field !== DOCUMENT_ID_FIELD) validateFieldPath(order.field);
  const direction = order.direction ?? 'asc';
  if (direction !== 'asc' && direction !== 'desc') {
    throw invalidDocumentArgument(`Invalid orderBy direction "${String(direction)}" (field "${String(order.field)}")`);
  }
  return { field: order.field as string, direction };
}

function validateLimit(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_QUERY_LIMIT) {
    throw invalidDocumentArgument(`${name} must be a whole number from 1 to ${MAX_QUERY_LIMIT}`);
  }
  return value;
}

function validateList<T>(name: string, value: unknown, max: number, check: (item: unknown) => T): T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > max) {
    throw invalidDocumentArgument(`${name} must be an array of at most ${max} entries`);
  }
  return value.map((item) => check(item));
}

/**
 * The order a query's results come in, as Firestore makes it: the orderBy fields, then each
 * inequality filter's field not already named (by field name, in the last direction), then the
 * document id in the last direction.
 */
export function effectiveOrderBy(query: Pick<DocumentQuery, 'where' | 'orderBy'>): OrderBy[] {
  const named = new Set(query.orderBy.map((order) => order.field));
  const direction = query.orderBy.at(-1)?.direction ?? 'asc';
  const implicit = [
    ...new Set(
      fieldFilters(query.where)
        .filter((f) => inequalityOperators.includes(f.op))
        .map((f) => f.field),
    ),
  ]
    .filter((field) => !named.has(field))
    .sort(compareCodePoints)
    .map((field) => ({ field, direction }));
  const order = [...query.orderBy, ...implicit];
  return order.some((o) => o.field === DOCUMENT_ID_FIELD)
    ? order
    : [...order, { field: DOCUMENT_ID_FIELD, direction: order.at(-1)?.direction ?? 'asc' }];
}

function validateCursor(name: CursorName, cursor: unknown, order: OrderBy[]): EncodedValue[] | undefined {
  if (cursor === undefined) return undefined;
  if (!Array.isArray(cursor) || cursor.length === 0 || cursor.length > order.length) {
    throw invalidDocumentArgument(
      `${name} must be an array of 1 to ${order.length} values: one per orderBy field, then optionally a document id`,
    );
  }
  cursor.forEach((value, i) => {
    validateValue(value, order[i]!.field);
    if (order[i]!.field === DOCUMENT_ID_FIELD && (typeof value !== 'string' || value === '' || value.includes('/'))) {
      throw invalidDocumentArgument(`The ${name} value for the document id must be a plain document id`);
    }
  });
  return cursor as EncodedValue[];
}

function pickCursor(query: Record<string, unknown>, a: CursorName, b: CursorName): void {
  if (query[a] !== undefined && query[b] !== undefined) throw invalidDocumentArgument(`Use ${a} or ${b}, not both`);
}

/** Checks a query as sent and answers with its normal form (directions filled in). */
export function validateQuery(query: unknown): DocumentQuery {
  if (!isPlainObject(query)) throw invalidDocumentArgument('A query must be an object');
  const unknown = Object.keys(query).find((key) => !queryKeys.includes(key));
  if (unknown) throw invalidDocumentArgument(`Unknown query option "${unknown}"`);
  const where = validateList('where', query.where, MAX_FILTERS, (filter) => validateFilter(filter));
  if (fieldFilters(where).length > MAX_FILTERS) throw invalidDocumentArgument(`A query may hold at most ${MAX_FILTERS} filters`);
  validateFilterCombination(where);
  const orderBy = validateList('orderBy', query.orderBy, MAX_ORDER_BY, validateOrderBy);
  const fields = orderBy.map((order) => order.field);
  const repeated = fields.find((field, i) => fields.indexOf(field) !== i);
  if (repeated) throw invalidDocumentArgument(`orderBy names field "${repeated}" twice`);
  const limit = validateLimit('limit', query.limit);
  const limitToLast = validateLimit('limitToLast', query.limitToLast);
  if (limit !== undefined && limitToLast !== undefined) throw invalidDocumentArgument('Use limit or limitToLast, not both');
  if (limitToLast !== undefined && orderBy.length === 0) throw new DocumentError('unimplemented', LIMIT_TO_LAST_MESSAGE);
  pickCursor(query, 'startAt', 'startAfter');
  pickCursor(query, 'endAt', 'endBefore');
  const order = effectiveOrderBy({ where, orderBy });
  const cursors: Partial<Record<CursorName, EncodedValue[]>> = {};
  for (const name of cursorNames) {
    const cursor = validateCursor(name, query[name], order);
    if (cursor) cursors[name] = cursor;
  }
  return {
    where,
    orderBy,
    ...(limit !== undefined ? { limit } : {}),
    ...(limitToLast !== undefined ? { limitToLast } : {}),
    ...cursors,
  };
}

// ---- evaluation: which documents match, in which order ----

export interface QueryCandidate {
  id: string;
  data: EncodedData;
}

const valueAt = (doc: QueryCandidate, field: string): EncodedValue | undefined =>
  field === DOCUMENT_ID_FIELD ? doc.id : fieldOf(doc.data, field);

const isIn = (value: EncodedValue, list: EncodedValue) => (list as EncodedValue[]).some((item) => valuesEqual(value, item));

function matchesField(doc: QueryCandidate, { field, op, value }: FieldFilter): boolean {
  const v = valueAt(doc, field);
  if (v === undefined) return false;
  switch (op) {
    case '==':
      return valuesEqual(v, value);
    case '!=':
      return v !== null && !valuesEqual(v, value);
    case 'in':
      return isIn(v, value);
    case 'not-in':
      return v !== null && !isIn(v, value);
    case 'array-contains':
      return Array.isArray(v) && v.some((item) => valuesEqual(item, value));
    case 'array-contains-any':
      return Array.isArray(v) && v.some((item) => isIn(item, value));
    default: {
      if (typeOrder(v) !== typeOrder(value)) return false;
      const c = compareValues(v, value);
      return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
    }
  }
}

export function matchesFilter(doc: QueryCandidate, filter: QueryFilter): boolean {
  if (!isCompositeFilter(filter)) return matchesField(doc, filter);
  return filter.op === 'or' && filter.filters.length > 0
    ? filter.filters.some((inner) => matchesFilter(doc, inner))
    : filter.filters.every((inner) => matchesFilter(doc, inner));
}

const directed = (c: number, direction: OrderDirection) => (direction === 'asc' ? c : -c);

function compareAlong(order: OrderBy[], a: EncodedValue[], b: EncodedValue[]): number {
  for (let i = 0; i < order.length; i++) {
    const { field, direction } = order[i]!;
    const c = field === DOCUMENT_ID_FIELD ? compareCodePoints(a[i] as string, b[i] as string) : compareValues(a[i]!, b[i]!);
    if (c !== 0) return directed(c, direction);
  }
  return 0;
}

const orderValues = (order: OrderBy[], doc: QueryCandidate) => order.map((o) => valueAt(doc, o.field)!);

/** Compares two documents in a query's order (its effective orderBy, ending with the id). */
export function documentComparator(query: Pick<DocumentQuery, 'where' | 'orderBy'>) {
  const order = effectiveOrderBy(query);
  return (a: QueryCandidate, b: QueryCandidate): number => compareAlong(order, orderValues(order, a), orderValues(order, b));
}

/** A document against a cursor (one value per effective order): negative before it, zero at it, positive after it. */
function compareToCursor(order: OrderBy[], doc: QueryCandidate, cursor: EncodedValue[]): number {
  for (let i = 0; i < cursor.length; i++) {
    const { field, direction } = order[i]!;
    const v = valueAt(doc, field)!;
    const c = field === DOCUMENT_ID_FIELD ? compareCodePoints(v as string, cursor[i] as string) : compareValues(v, cursor[i]!);
    if (c !== 0) return directed(c, direction);
  }
  return 0;
}

function withinCursors(query: DocumentQuery, order: OrderBy[], doc: QueryCandidate): boolean {
  const at = (cursor: EncodedValue[]) => compareToCursor(order, doc, cursor);
  if (query.startAt && at(query.startAt) < 0) return false;
  if (query.startAfter && at(query.startAfter) <= 0) return false;
  if (query.endAt && at(query.endAt) > 0) return false;
  if (query.endBefore && at(query.endBefore) >= 0) return false;
  return true;
}

function matchesWith(query: DocumentQuery, order: OrderBy[], doc: QueryCandidate): boolean {
  return (
    order.every((o) => valueAt(doc, o.field) !== undefined) &&
    query.where.every((filter) => matchesFilter(doc, filter)) &&
    withinCursors(query, order, doc)
  );
}

/** Whether a document belongs to a query's results (before its limit). */
export const documentMatches = (query: DocumentQuery, doc: QueryCandidate) => matchesWith(query, effectiveOrderBy(query), doc);

/** A query over documents in memory: the page in order, and whether more match beyond it. */
export function evaluateDocumentQuery<T extends QueryCandidate>(docs: T[], query: DocumentQuery): { documents: T[]; hasMore: boolean } {
  const order = effectiveOrderBy(query);
  // Each document's order values are read once, not at every comparison.
  const matching = docs
    .filter((doc) => matchesWith(query, order, doc))
    .map((doc) => ({ doc, values: orderValues(order, doc) }))
    .sort((a, b) => compareAlong(order, a.values, b.values))
    .map(({ doc }) => doc);
  const size = query.limit ?? query.limitToLast ?? MAX_QUERY_LIMIT;
  const page = query.limitToLast !== undefined ? matching.slice(-size) : matching.slice(0, size);
  return { documents: page, hasMore: matching.length > size };
}
