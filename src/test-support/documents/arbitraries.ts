// Test support: fast-check generators of stored values, documents and queries.
import fc from 'fast-check';
import type { EncodedValue } from '../../shared/documents';

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
  { weight: 1, arbitrary: fc.record({ x: scalarArbitrary }, { requiredKeys: [] }) },
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

const filterArbitrary = fc.oneof(
  fc.record({ field: fc.constantFrom(...queryFields), op: fc.constantFrom('==', '!='), value: valueArbitrary }),
  fc.record({ field: fc.constantFrom(...queryFields), op: fc.constantFrom('<', '<=', '>', '>='), value: scalarArbitrary }),
  fc.record({ field: fc.constantFrom(...queryFields), op: fc.constant('array-contains'), value: scalarArbitrary }),
  fc.record({ field: fc.constantFrom(...queryFields), op: fc.constant('in'), value: fc.array(fc.oneof(scalarArbitrary, fc.record({ x: scalarArbitrary })), { minLength: 1, maxLength: 3 }) }),
);

const orderArbitrary = fc.uniqueArray(
  fc.record({ field: fc.constantFrom(...queryFields), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
  { maxLength: 2, selector: (order) => order.field },
);

export const queryArbitrary = fc
  .record({
    where: fc.array(filterArbitrary, { maxLength: 2 }),
    orderBy: orderArbitrary,
    limitKind: fc.constantFrom('none', 'limit', 'limitToLast'),
    size: fc.integer({ min: 1, max: 6 }),
    cursor: fc.option(fc.array(valueArbitrary, { minLength: 1, maxLength: 2 }), { nil: undefined }),
    cursorId: fc.option(fc.constantFrom('d0', 'd3', 'd7', 'd10'), { nil: undefined }),
  })
  .map(({ where, orderBy, limitKind, size, cursor, cursorId }) => {
    const limitToLast = limitKind === 'limitToLast' && orderBy.length > 0;
    const values = (cursor ?? []).slice(0, orderBy.length);
    const startAfter = cursorId !== undefined ? [...values, cursorId] : values.length > 0 ? values : undefined;
    return {
      where,
      orderBy,
      ...(limitKind === 'limit' ? { limit: size } : {}),
      ...(limitToLast ? { limitToLast: size } : {}),
      ...(startAfter ? { startAfter } : {}),
    };
  });

/** Documents for the validation property: valid values mixed with every kind of bad one. */
const keyArbitrary = fc.constantFrom('a', 'b', 'name', 'dotted.key', '', '__x__', '_x_', 'a..b', '.a', 'a.', 'x~', 'y*', 'p/q', 'r[', 's]', 'é');
const suspectLeaf = fc.oneof(
  scalarArbitrary,
  fc.double({ min: -200, max: 200, noNaN: true }).chain((latitude) =>
    fc.double({ min: -200, max: 200, noNaN: true }).map((longitude) => ({ __geopoint__: { latitude, longitude } })),
  ),
  fc.constantFrom('QQ=', 'QR==', '!!!!', 'AAAA', 'A A=').map((b) => ({ __bytes__: b })),
  fc.constantFrom('2024-13-01T00:00:00.000Z', '2024-05-01T12:00:00Z', 'now').map((t) => ({ __timestamp__: t })),
  fc.string({ maxLength: 4, unit: 'binary' }),
);
export const suspectDataArbitrary: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, suspectLeaf, fc.array(tie('value'), { maxLength: 3 }), tie('map')),
  map: fc.dictionary(keyArbitrary, tie('value'), { maxKeys: 3 }),
})).map;
