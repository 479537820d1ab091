// A document query as SQL over the jsonb `data` column. Values order by type first
// (null < boolean < number < timestamp < string < bytes < geo point < array < map, as
// Firestore), then within the type; all arrays rank equal to each other, as do all maps.
// Range filters match only values of the operand's type.
import { sql, type SQL } from 'drizzle-orm';
import {
  BYTES_TAG,
  type DocumentQuery,
  type EncodedValue,
  GEOPOINT_TAG,
  MAX_QUERY_LIMIT,
  type OrderDirection,
  tagOf,
  TIMESTAMP_TAG,
  type WhereFilter,
} from '../../../shared/documents';

type Comparison = '<' | '<=' | '>' | '>=' | '=';

const json = (value: EncodedValue) => sql`${JSON.stringify(value)}::jsonb`;

/** The field's value, or SQL NULL when it is missing (only maps are looked into). */
export function fieldValue(field: string): SQL {
  const segments = field.split('.');
  let expression = sql`data`;
  const intoMaps: SQL[] = [];
  segments.forEach((segment, i) => {
    if (i > 0) intoMaps.push(sql`jsonb_typeof(${expression}) = 'object'`);
    expression = sql`${expression} -> ${segment}::text`;
  });
  if (intoMaps.length === 0) return sql`(${expression})`;
  return sql`(case when ${sql.join(intoMaps, sql` and `)} then ${expression} end)`;
}

export function typeRank(value: EncodedValue): number {
  if (value === null) return 0;
  if (typeof value === 'boolean') return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 4;
  if (Array.isArray(value)) return 7;
  const tag = tagOf(value);
  if (tag === TIMESTAMP_TAG) return 3;
  if (tag === BYTES_TAG) return 5;
  if (tag === GEOPOINT_TAG) return 6;
  return 8;
}

const rankSql = (v: SQL) => sql`(case jsonb_typeof(${v})
  when 'null' then 0 when 'boolean' then 1 when 'number' then 2 when 'string' then 4 when 'array' then 7
  when 'object' then (case when ${v} ? ${TIMESTAMP_TAG}::text then 3 when ${v} ? ${BYTES_TAG}::text then 5
    when ${v} ? ${GEOPOINT_TAG}::text then 6 else 8 end) end)`;

const geoPart = (v: SQL, part: 'latitude' | 'longitude') => sql`((${v} -> ${GEOPOINT_TAG}::text ->> ${part}::text)::numeric)`;

/** The comparable key of a stored value already known to have the given rank. */
function storedKey(v: SQL, rank: number): SQL | null {
  if (rank === 1) return sql`(${v})::boolean`;
  if (rank === 2) return sql`(${v})::numeric`;
  if (rank === 3) return sql`((${v} ->> ${TIMESTAMP_TAG}::text) collate "C")`;
  if (rank === 4) return sql`((${v} #>> '{}') collate "C")`;
  if (rank === 5) return sql`decode(${v} ->> ${BYTES_TAG}::text, 'base64')`;
  if (rank === 6) return sql`(${geoPart(v, 'latitude')}, ${geoPart(v, 'longitude')})`;
  return null;
}

function constantKey(value: EncodedValue, rank: number): SQL {
  const inner = (tag: string) => (value as Record<string, EncodedValue>)[tag];
  if (rank === 1) return sql`${value}::boolean`;
  if (rank === 2) return sql`${String(value)}::numeric`;
  if (rank === 3) return sql`(${inner(TIMESTAMP_TAG)}::text collate "C")`;
  if (rank === 4) return sql`(${value}::text collate "C")`;
  if (rank === 5) return sql`decode(${inner(BYTES_TAG)}::text, 'base64')`;
  const point = inner(GEOPOINT_TAG) as { latitude: number; longitude: number };
  return sql`(${String(point.latitude)}::numeric, ${String(point.longitude)}::numeric)`;
}

/** `v <op> value` in the store's ordering; false for values of another type. */
function compare(v: SQL, op: Comparison, value: EncodedValue): SQL {
  const rank = typeRank(value);
  const key = storedKey(v, rank);
  const typed = key ? sql`${key} ${sql.raw(op)} ${constantKey(value, rank)}` : sql.raw(op.includes('=') ? 'true' : 'false');
  return sql`(case when ${rankSql(v)} = ${rank} then ${typed} else false end)`;
}

function filterSql({ field, op, value }: WhereFilter): SQL {
  const v = fieldValue(field);
  switch (op) {
    case '==':
      return sql`coalesce(${v} = ${json(value)}, false)`;
    case '!=':
      return sql`coalesce(${v} <> ${json(value)}, false)`;
    case 'in':
      return sql`coalesce(${v} in (${sql.join((value as EncodedValue[]).map(json), sql`, `)}), false)`;
    case 'array-contains':
      return sql`(case when jsonb_typeof(${v}) = 'array'
        then exists (select 1 from jsonb_array_elements(${v}) as element(item) where element.item = ${json(value)})
        else false end)`;
    default:
      return compare(v, op, value);
  }
}

const after = (direction: OrderDirection): Comparison => (direction === 'asc' ? '>' : '<');

/** Strictly after `value` in the full cross-type order (for cursors, unlike range filters). */
function orderedAfter(v: SQL, direction: OrderDirection, value: EncodedValue): SQL {
  const op = sql.raw(after(direction));
  return sql`(${rankSql(v)} ${op} ${typeRank(value)} or ${compare(v, after(direction), value)})`;
}

/** Rows strictly after the cursor, in the query's own order (Firestore's startAfter). */
function cursorSql(query: DocumentQuery, cursor: EncodedValue[]): SQL {
  const lastDirection = query.orderBy.at(-1)?.direction ?? 'asc';
  const alternatives: SQL[] = [];
  const equalSoFar: SQL[] = [];
  cursor.forEach((value, i) => {
    const order = query.orderBy[i];
    const [isAfter, isEqual] = order
      ? [orderedAfter(fieldValue(order.field), order.direction, value), compare(fieldValue(order.field), '=', value)]
      : [sql`(document_id collate "C") ${sql.raw(after(lastDirection))} (${value}::text collate "C")`, sql`false`];
    alternatives.push(sql.join([...equalSoFar, isAfter], sql` and `));
    equalSoFar.push(isEqual);
  });
  return sql`(${sql.join(alternatives.map((alternative) => sql`(${alternative})`), sql` or `)})`;
}

function orderSql(field: string, direction: OrderDirection): SQL[] {
  const v = fieldValue(field);
  const dir = sql.raw(direction);
  const isTagged = (tag: string) => sql`jsonb_typeof(${v}) = 'object' and ${v} ? ${tag}::text`;
  return [
    sql`${rankSql(v)} ${dir}`,
    sql`(case jsonb_typeof(${v}) when 'number' then (${v})::numeric
      when 'boolean' then (case when (${v})::boolean then 1 else 0 end) end) ${dir}`,
    sql`((case when jsonb_typeof(${v}) = 'string' then ${v} #>> '{}'
      when ${isTagged(TIMESTAMP_TAG)} then ${v} ->> ${TIMESTAMP_TAG}::text end) collate "C") ${dir}`,
    sql`(case when ${isTagged(BYTES_TAG)} then decode(${v} ->> ${BYTES_TAG}::text, 'base64') end) ${dir}`,
    sql`(case when ${isTagged(GEOPOINT_TAG)} then ${geoPart(v, 'latitude')} end) ${dir}`,
    sql`(case when ${isTagged(GEOPOINT_TAG)} then ${geoPart(v, 'longitude')} end) ${dir}`,
  ];
}

const flip = (direction: OrderDirection): OrderDirection => (direction === 'asc' ? 'desc' : 'asc');

/** The SELECT for a query; it fetches one row more than the page to tell whether more follow. */
export function querySql(collection: string, query: DocumentQuery): { statement: SQL; pageSize: number; reversed: boolean } {
  const reversed = query.limitToLast !== undefined;
  const pageSize = query.limit ?? query.limitToLast ?? MAX_QUERY_LIMIT;
  const conditions: SQL[] = [sql`collection = ${collection}`];
  for (const order of query.orderBy) conditions.push(sql`${fieldValue(order.field)} is not null`);
  for (const filter of query.where) conditions.push(filterSql(filter));
  if (query.startAfter) conditions.push(cursorSql(query, query.startAfter));
  const directionOf = (direction: OrderDirection) => (reversed ? flip(direction) : direction);
  const ordering = query.orderBy.flatMap((order) => orderSql(order.field, directionOf(order.direction)));
  const lastDirection = directionOf(query.orderBy.at(-1)?.direction ?? 'asc');
  ordering.push(sql`(document_id collate "C") ${sql.raw(lastDirection)}`);
  const statement = sql`select path, document_id, data, created_at, updated_at from documents
    where ${sql.join(conditions, sql` and `)}
    order by ${sql.join(ordering, sql`, `)}
    limit ${pageSize + 1}`;
  return { statement, pageSize, reversed };
}
