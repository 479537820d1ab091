// Test support: fast-check generators of stored values, documents and queries.
import fc from 'fast-check';
import { documentErrorOf, effectiveOrderBy, type EncodedValue, type QueryFilter, validateQuery } from '../../shared/documents';

const timestamps = ['1970-01-01T00:00:00.000Z', '2024-05-01T12:00:00.000Z', '2024-05-01T12:00:00.001Z', '0001-01-01T00:00:00.000Z'];
const bytes = ['', 'AA==', 'AP8=', '/w==', 'gA==', 'AAA='];
const texts = ['', 'a', 'B', 'ab', 'é', 'z', 'Z', '😀', '\uffff', 'a b', '10', '9'];

export const scalarArbitrary: fc.Arbitrary<EncodedValue> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.5, -0.25, 1e21, -1e-7, 2.5),
  fc.constantFrom(...texts),
  fc.constantFrom(...timestamps).map((t) => ({ __timestamp__: t })),
  fc.constantFrom(...bytes).map((b) => ({ __bytes__: b })),
  fc.constantFrom([0, 0], [0, 1], [-10, 5], [90, -180]).map(([latitude, longitude]) => ({ __geopoint__: { latitude, longitude } })),
);

export const valueArbitrary: fc.Arbitrary<EncodedValue> = fc.oneof(
  { weight: 5, arbitrary: scalarArbitrary },
  { weight: 1, arbitrary: fc.array(scalarArbitrary, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.record({ x: scalarArbitrary, y: scalarArbitrary }, { requiredKeys: [] }) },
);

export const queryFields = ['a', 'b', 'm.x', 'tags'] as const;

export const documentArbitrary = fc.record(
  {
    a: valueArbitrary,
    b: fc.integer({ min: 0, max: 3 }),
    m: fc.oneof(fc.record({ x: scalarArbitrary }, { requiredKeys: [] }), scalarArbitrary),
    tags: fc.oneof(fc.array(scalarArbitrary, { maxLength: 3 }), scalarArbitrary),
  },
  { requiredKeys: ['b'] },
);

const fieldArbitrary = fc.constantFrom(...queryFields);
const listOf = (value: fc.Arbitrary<EncodedValue>) => fc.array(value, { minLength: 1, maxLength: 3 });
const nonNull = valueArbitrary.filter((value) => value !== null);
const ids = ['d0', 'd1', 'd3', 'd7', 'd10'] as const;

const fieldFilterArbitrary = fc.oneof(
  fc.record({ field: fieldArbitrary, op: fc.constantFrom('==', '!='), value: valueArbitrary }),
  fc.record({ field: fieldArbitrary, op: fc.constantFrom('<', '<=', '>', '>='), value: nonNull }),
  fc.record({ field: fieldArbitrary, op: fc.constant('array-contains'), value: nonNull.filter((v) => !Array.isArray(v)) }),
  fc.record({ field: fieldArbitrary, op: fc.constantFrom('in', 'not-in', 'array-contains-any'), value: listOf(valueArbitrary) }),
  fc.record({ field: fc.constant('__name__'), op: fc.constantFrom('==', '!=', '<', '>='), value: fc.constantFrom(...ids) }),
  fc.record({ field: fc.constant('__name__'), op: fc.constantFrom('in', 'not-in'), value: listOf(fc.constantFrom(...ids)) }),
);

const filterArbitrary = fc.oneof(
  { weight: 4, arbitrary: fieldFilterArbitrary },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constantFrom('or', 'and'), filters: fc.array(fieldFilterArbitrary, { minLength: 1, maxLength: 3 }) }),
  },
);

const orderArbitrary = fc.uniqueArray(
  fc.record({ field: fc.constantFrom(...queryFields, '__name__'), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
  { maxLength: 2, selector: (order) => order.field },
);

const cursorArbitrary = fc.option(
  fc.record({
    values: fc.array(valueArbitrary, { minLength: 1, maxLength: 3 }),
    id: fc.option(fc.constantFrom(...ids), { nil: undefined }),
  }),
  { nil: undefined },
);

/** Valid queries only: ones the store would refuse are left out (the validation tests cover them). */
export const queryArbitrary = fc
  .record({
    where: fc.array(filterArbitrary, { maxLength: 2 }),
    orderBy: orderArbitrary,
    limitKind: fc.constantFrom('none', 'limit', 'limitToLast'),
    size: fc.integer({ min: 1, max: 6 }),
    start: cursorArbitrary,
    startKind: fc.constantFrom('startAt' as const, 'startAfter' as const),
    end: cursorArbitrary,
    endKind: fc.constantFrom('endAt' as const, 'endBefore' as const),
  })
  .map(({ where, orderBy, limitKind, size, start, startKind, end, endKind }) => {
    const limitToLast = limitKind === 'limitToLast' && orderBy.length > 0;
    const order = effectiveOrderBy({ where: where as QueryFilter[], orderBy });
    const cursorOf = (cursor: { values: EncodedValue[]; id: string | undefined } | undefined) => {
      if (!cursor) return undefined;
      const values = cursor.values
        .slice(0, order.length - 1)
        .map((value, i) => (order[i]!.field === '__name__' ? (cursor.id ?? 'd1') : value));
      const full = cursor.id !== undefined && values.length === order.length - 1 ? [...values, cursor.id] : values;
      return full.length > 0 ? full : undefined;
    };
    const [startCursor, endCursor] = [cursorOf(start), cursorOf(end)];
    return {
      where,
      orderBy,
      ...(limitKind === 'limit' ? { limit: size } : {}),
      ...(limitToLast ? { limitToLast: size } : {}),
      ...(startCursor ? { [startKind]: startCursor } : {}),
      ...(endCursor ? { [endKind]: endCursor } : {}),
    };
  })
  .filter((query) => documentErrorOf(() => validateQuery(query)) === null);

/** Documents for the validation property: valid values mixed with every kind of bad one. */
const keyArbitrary = fc.constantFrom(
  'a',
  'b',
  'name',
  'dotted.key',
  '',
  '__x__',
  '_x_',
  'a..b',
  '.a',
  'a.',
  'x~',
  'y*',
  'p/q',
  'r[',
  's]',
  'é',
);
const suspectLeaf = fc.oneof(
  scalarArbitrary,
  fc
    .double({ min: -200, max: 200, noNaN: true })
    .chain((latitude) => fc.double({ min: -200, max: 200, noNaN: true }).map((longitude) => ({ __geopoint__: { latitude, longitude } }))),
  fc.constantFrom('QQ=', 'QR==', '!!!!', 'AAAA', 'A A=').map((b) => ({ __bytes__: b })),
  fc.constantFrom('2024-13-01T00:00:00.000Z', '2024-05-01T12:00:00Z', 'now').map((t) => ({ __timestamp__: t })),
  fc.string({ maxLength: 4, unit: 'binary' }),
);
export const suspectDataArbitrary: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, suspectLeaf, fc.array(tie('value'), { maxLength: 3 }), tie('map')),
  map: fc.dictionary(keyArbitrary, tie('value'), { maxKeys: 3 }),
})).map;
