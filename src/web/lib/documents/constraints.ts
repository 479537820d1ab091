import {
  type CursorName,
  cursorNames,
  DOCUMENT_ID_FIELD,
  type DocumentQuery,
  effectiveOrderBy,
  encodeValue,
  invalidDocumentArgument,
  isPlainObject,
  type OrderDirection,
  type QueryFilter,
  type QueryOperator,
} from '../../../shared/documents';
import type { CollectionReference, Query } from './references';
import { DocumentSnapshot } from './snapshots';

export type QueryConstraint = (spec: DocumentQuery) => DocumentQuery;

/** A field path by its segments (`new FieldPath('address', 'city')`), or documentId(). */
export class FieldPath {
  readonly path: string;
  constructor(...segments: string[]) {
    if (segments.length === 0 || segments.some((segment) => typeof segment !== 'string' || segment === '')) {
      throw invalidDocumentArgument('Field names must not be empty');
    }
    this.path = segments.join('.');
  }
  isEqual = (other: FieldPath) => other.path === this.path;
}

const DOCUMENT_ID = new FieldPath(DOCUMENT_ID_FIELD);
/** The document's id, for where() and orderBy() (`where(documentId(), 'in', ['a', 'b'])`). */
export const documentId = () => DOCUMENT_ID;

const fieldName = (field: string | FieldPath) => (field instanceof FieldPath ? field.path : field);

/** A filter that can stand alone in query() or inside or() / and(). */
export type QueryFilterConstraint = QueryConstraint & { readonly filter: QueryFilter };

function filterConstraint(filter: QueryFilter): QueryFilterConstraint {
  const apply: QueryConstraint = (spec) => ({ ...spec, where: [...spec.where, filter] });
  return Object.assign(apply, { filter });
}

const asId = (value: unknown) => (isPlainObject(value) && value.kind === 'document' && typeof value.id === 'string' ? value.id : value);

export function where(field: string | FieldPath, op: QueryOperator, value: unknown): QueryFilterConstraint {
  const name = fieldName(field);
  const operand = name === DOCUMENT_ID_FIELD ? (Array.isArray(value) ? value.map(asId) : asId(value)) : value;
  return filterConstraint({ field: name, op, value: encodeValue(operand, name) });
}

/** Matches documents that match any of the filters. */
export const or = (...filters: QueryFilterConstraint[]): QueryFilterConstraint =>
  filterConstraint({ op: 'or', filters: filters.map((constraint) => constraint.filter) });

/** Matches documents that match all of the filters. */
export const and = (...filters: QueryFilterConstraint[]): QueryFilterConstraint =>
  filterConstraint({ op: 'and', filters: filters.map((constraint) => constraint.filter) });

export const orderBy =
  (field: string | FieldPath, direction: OrderDirection = 'asc'): QueryConstraint =>
  (spec) => ({ ...spec, orderBy: [...spec.orderBy, { field: fieldName(field), direction }] });

export const limit =
  (n: number): QueryConstraint =>
  (spec) => ({ ...spec, limit: n });

export const limitToLast =
  (n: number): QueryConstraint =>
  (spec) => ({ ...spec, limitToLast: n });

/**
 * A cursor from a snapshot (its values for the query's whole order, the id last) or from values
 * for the order's fields in turn. Set after the filters and orderBy it depends on.
 */
function cursor(name: CursorName, values: [DocumentSnapshot<unknown>] | unknown[]): QueryConstraint {
  const [counterpart] = cursorNames.filter((other) => other !== name && other.slice(0, 3) === name.slice(0, 3));
  return (spec) => {
    const [first] = values;
    const encoded =
      first instanceof DocumentSnapshot
        ? effectiveOrderBy(spec).map((order) =>
            order.field === DOCUMENT_ID_FIELD ? first.id : encodeValue(first.get(order.field) ?? null),
          )
        : values.map((value) => encodeValue(value));
    const rest = { ...spec };
    delete rest[counterpart!];
    return { ...rest, [name]: encoded };
  };
}

/** Starts at a snapshot or at these orderBy values (inclusive). */
export const startAt = (...values: [DocumentSnapshot<unknown>] | unknown[]) => cursor('startAt', values);
/** Starts after a snapshot or after these orderBy values. */
export const startAfter = (...values: [DocumentSnapshot<unknown>] | unknown[]) => cursor('startAfter', values);
/** Ends at a snapshot or at these orderBy values (inclusive). */
export const endAt = (...values: [DocumentSnapshot<unknown>] | unknown[]) => cursor('endAt', values);
/** Ends before a snapshot or before these orderBy values. */
export const endBefore = (...values: [DocumentSnapshot<unknown>] | unknown[]) => cursor('endBefore', values);

export function query<T>(source: CollectionReference<T> | Query<T>, ...constraints: QueryConstraint[]): Query<T> {
  const base = source.kind === 'query' ? source : { kind: 'query' as const, collection: source, spec: { where: [], orderBy: [] } };
  return { ...base, spec: constraints.reduce((spec, constraint) => constraint(spec), base.spec) };
}
