import { DocumentError, invalidDocumentArgument } from './errors';
import { validateFieldPath, validateValue } from './validate';
import { type EncodedValue, isPlainObject, tagOf } from './values';

export const queryOperators = ['==', '!=', '<', '<=', '>', '>=', 'array-contains', 'in'] as const;
export type QueryOperator = (typeof queryOperators)[number];
export const rangeOperators: readonly QueryOperator[] = ['<', '<=', '>', '>='];
export type OrderDirection = 'asc' | 'desc';

export interface WhereFilter {
  field: string;
  op: QueryOperator;
  value: EncodedValue;
}

export interface OrderBy {
  field: string;
  direction: OrderDirection;
}

/** A query on one collection, as sent in `POST /api/documents:query`. */
export interface DocumentQuery {
  where: WhereFilter[];
  orderBy: OrderBy[];
  limit?: number;
  limitToLast?: number;
  /**
   * A cursor: values for the orderBy fields in order (a prefix of them), optionally followed by
   * a document id that breaks ties. Results start strictly after it.
   */
  startAfter?: EncodedValue[];
}

/** The most documents one query answers with; without a limit, a page of this size. */
export const MAX_QUERY_LIMIT = 500;
export const MAX_IN_VALUES = 30;
export const MAX_FILTERS = 30;
export const MAX_ORDER_BY = 8;
const queryKeys = ['where', 'orderBy', 'limit', 'limitToLast', 'startAfter'];

export const LIMIT_TO_LAST_MESSAGE = 'limitToLast queries require specifying at least one orderBy clause';

function validateFilter(filter: unknown): WhereFilter {
  if (!isPlainObject(filter)) throw invalidDocumentArgument('Each where filter must be an object { field, op, value }');
  const { field, op, value } = filter;
  validateFieldPath(field);
  if (!queryOperators.includes(op as QueryOperator)) {
    throw invalidDocumentArgument(`Invalid query operator "${String(op)}" (field "${String(field)}")`);
  }
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_IN_VALUES) {
      throw invalidDocumentArgument(`"in" filters need an array of 1 to ${MAX_IN_VALUES} values (field "${field}")`);
    }
    validateValue(value, field as string);
  } else {
    validateValue(value, field as string, op === 'array-contains');
  }
  const composite = Array.isArray(value) || (isPlainObject(value) && !tagOf(value as EncodedValue));
  if (rangeOperators.includes(op as QueryOperator) && composite) {
    throw invalidDocumentArgument(`Range filters (<, <=, >, >=) compare single values, not arrays or maps (field "${field}")`);
  }
  return { field: field as string, op: op as QueryOperator, value: value as EncodedValue };
}

function validateOrderBy(order: unknown): OrderBy {
  if (!isPlainObject(order)) throw invalidDocumentArgument('Each orderBy must be an object { field, direction }');
  validateFieldPath(order.field);
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
  return value.map(check);
}

function validateCursor(cursor: unknown, orderBy: OrderBy[]): EncodedValue[] | undefined {
  if (cursor === undefined) return undefined;
  if (!Array.isArray(cursor) || cursor.length === 0 || cursor.length > orderBy.length + 1) {
    throw invalidDocumentArgument(
      `startAfter must be an array of 1 to ${orderBy.length + 1} values: one per orderBy field, then optionally a document id`,
    );
  }
  cursor.forEach((value, i) => validateValue(value, orderBy[i]?.field ?? 'startAfter'));
  if (cursor.length > orderBy.length && typeof cursor.at(-1) !== 'string') {
    throw invalidDocumentArgument('The last startAfter value, after the orderBy values, must be a document id');
  }
  return cursor as EncodedValue[];
}

/** Checks a query as sent and answers with its normal form (directions filled in). */
export function validateQuery(query: unknown): DocumentQuery {
  if (!isPlainObject(query)) throw invalidDocumentArgument('A query must be an object');
  const unknown = Object.keys(query).find((key) => !queryKeys.includes(key));
  if (unknown) throw invalidDocumentArgument(`Unknown query option "${unknown}"`);
  const where = validateList('where', query.where, MAX_FILTERS, validateFilter);
  const orderBy = validateList('orderBy', query.orderBy, MAX_ORDER_BY, validateOrderBy);
  const fields = orderBy.map((order) => order.field);
  const repeated = fields.find((field, i) => fields.indexOf(field) !== i);
  if (repeated) throw invalidDocumentArgument(`orderBy names field "${repeated}" twice`);
  const limit = validateLimit('limit', query.limit);
  const limitToLast = validateLimit('limitToLast', query.limitToLast);
  if (limit !== undefined && limitToLast !== undefined) throw invalidDocumentArgument('Use limit or limitToLast, not both');
  if (limitToLast !== undefined && orderBy.length === 0) throw new DocumentError('unimplemented', LIMIT_TO_LAST_MESSAGE);
  const startAfter = validateCursor(query.startAfter, orderBy);
  return {
    where,
    orderBy,
    ...(limit !== undefined ? { limit } : {}),
    ...(limitToLast !== undefined ? { limitToLast } : {}),
    ...(startAfter ? { startAfter } : {}),
  };
}
