// A document query's candidates as SQL over the jsonb `data` column: the filters SQL decides
// exactly (equality, membership and ranges on single values; a range matches only values of
// the operand's type). Everything else, order included, is the shared evaluator's.
import { sql, type SQL } from 'drizzle-orm';
import {
  BYTES_TAG,
  DOUBLE_TAG,
  type DocumentQuery,
  type EncodedValue,
  GEOPOINT_TAG,
  DOCUMENT_ID_FIELD,
  type FieldFilter,
  isCompositeFilter,
  type QueryFilter,
  tagOf,
  TIMESTAMP_TAG,
  typeOrder,
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

/** A stored -0, NaN or ±Infinity (`{"__double__": ...}`): SQL leaves them to the evaluator. */
const storedDouble = (v: SQL) => sql`(jsonb_typeof(${v}) = 'object' and ${v} ? ${DOUBLE_TAG}::text)`;
// Times may be stored to the millisecond or the microsecond: SQL compares their first 23
// characters (to the millisecond) inclusively, and the evaluator decides within a millisecond.
const TO_THE_MILLISECOND = 23;
const inclusive = (op: Comparison) => (op === '<' ? '<=' : op === '>' ? '>=' : op);

/**
 * `v <op> value` in the store's ordering; false for values of another type. Never narrower than
 * the evaluator's answer: special numbers are kept, and times are compared to the millisecond.
 */
function compare(v: SQL, op: Comparison, value: EncodedValue): SQL {
  const rank = typeOrder(value);
  if (rank === 3) {
    const stored = sql`left(${v} ->> ${TIMESTAMP_TAG}::text, ${TO_THE_MILLISECOND}) collate "C"`;
    const wanted = sql`left(${(value as Record<string, string>)[TIMESTAMP_TAG]}::text, ${TO_THE_MILLISECOND}) collate "C"`;
    return sql`(case when ${rankSql(v)} = 3 then ${stored} ${sql.raw(inclusive(op))} ${wanted} else false end)`;
  }
  const key = storedKey(v, rank);
  const typed = key ? sql`${key} ${sql.raw(op)} ${constantKey(value, rank)}` : sql.raw(op.includes('=') ? 'true' : 'false');
  const exact = sql`(case when ${rankSql(v)} = ${rank} then ${typed} else false end)`;
  return rank === 2 ? sql`(${exact} or ${storedDouble(v)})` : exact;
}

/** One pushed-down filter (see `pushedDown`): `==`, `in`, `array-contains` or a range. */
function filterSql({ field, op, value }: FieldFilter): SQL {
  const v = fieldValue(field);
  switch (op) {
    case '==':
      return sql`coalesce(${v} = ${json(value)}, false)`;
    case 'in':
      return sql`coalesce(${v} in (${sql.join((value as EncodedValue[]).map(json), sql`, `)}), false)`;
    case 'array-contains':
      return sql`(case when jsonb_typeof(${v}) = 'array'
        then exists (select 1 from jsonb_array_elements(${v}) as element(item) where element.item = ${json(value)})
        else false end)`;
    default:
      return compare(v, op as Comparison, value);
  }
}

/** Filters SQL answers exactly as Firestore's rules do: top-level, on single (non-array, non-map) values. */
function pushedDown(filter: QueryFilter): filter is FieldFilter {
  if (isCompositeFilter(filter) || filter.field === DOCUMENT_ID_FIELD) return false;
  // Special numbers are left to the evaluator: PostgreSQL orders NaN last, Firestore first.
  const single = (value: EncodedValue) => typeOrder(value) < 7 && tagOf(value) !== DOUBLE_TAG;
  // Equality as JSON would miss 0 == -0 and a time stored to the millisecond.
  const equalAsJson = (value: EncodedValue) => single(value) && typeOrder(value) !== 2 && typeOrder(value) !== 3;
  if (filter.op === 'in') return (filter.value as EncodedValue[]).every(equalAsJson);
  if (filter.op === '==' || filter.op === 'array-contains') return equalAsJson(filter.value);
  return ['<', '<=', '>', '>='].includes(filter.op) && single(filter.value);
}

/**
 * The SELECT for a query's candidates: the collection's documents that have every orderBy field
 * and pass the filters SQL can decide. Order, cursors, the other filters and the limit are
 * applied to them with the shared evaluator (decision 0041).
 */
export function candidatesSql(collection: string, query: DocumentQuery): SQL {
  const conditions: SQL[] = [sql`collection = ${collection}`];
  for (const order of query.orderBy) {
    if (order.field !== DOCUMENT_ID_FIELD) conditions.push(sql`${fieldValue(order.field)} is not null`);
  }
  for (const filter of query.where) if (pushedDown(filter)) conditions.push(filterSql(filter));
  return sql`select path, document_id, data, created_at, updated_at from documents where ${sql.join(conditions, sql` and `)}`;
}
