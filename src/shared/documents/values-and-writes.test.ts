import { describe, expect, it } from 'vitest';
import { documentErrorOf } from './errors';
import { arrayRemove, arrayUnion, deleteField, increment, serverTimestamp, transformOf } from './transforms';
import { validateDocumentData, validateUpdateData } from './validate';
import { decodeData, decodeValue, type EncodedData, encodeValue, type FieldValue, MAX_NESTING_LEVELS, Timestamp } from './values';
import { validateWrite } from './writes';

const RESERVED = 'Document fields cannot begin and end with "__"';
const message = (check: () => unknown) => documentErrorOf(check)?.message;
/** A document whose deepest value sits at `levels` (a top-level field is level 1). */
const nested = (levels: number, container: 'map' | 'array' = 'map'): Record<string, unknown> => {
  let value: unknown = 'leaf';
  for (let level = levels; level > 1; level--) value = container === 'map' || level % 2 ? { k: value } : [value];
  return { top: value };
};

describe('numbers JSON cannot carry travel tagged and read back as themselves', () => {
  it.each([
    ['-0', -0],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('%s', (text, number) => {
    const encoded = encodeValue({ n: number, in: [number] }, '', 0);
    expect(JSON.parse(JSON.stringify(encoded))).toEqual({ n: { __double__: text }, in: [{ __double__: text }] });
    expect(validateDocumentData(encoded)).toBeUndefined();
    const decoded = decodeData(JSON.parse(JSON.stringify(encoded)));
    expect(Object.is(decoded.n, number)).toBe(true);
    expect(Object.is((decoded.in as number[])[0], number)).toBe(true);
  });

  it('keeps 0 as 0, and refuses a __double__ tag of anything else', () => {
    expect(encodeValue({ n: 0 }, '', 0)).toEqual({ n: 0 });
    expect(message(() => validateDocumentData({ n: { __double__: '1' } }))).toBe(
      '__double__ stands for one of NaN, Infinity, -Infinity, -0 (field "n")',
    );
  });
});

describe('timestamps, as Firestore has them', () => {
  it('take seconds and nanoseconds, and keep microseconds on the wire', () => {
    const at = new Timestamp(1_700_000_000, 123_456_789);
    expect([at.seconds, at.nanoseconds, at.toMillis()]).toEqual([1_700_000_000, 123_456_789, 1_700_000_000_123]);
    const encoded = encodeValue(at);
    expect(encoded).toEqual({ __timestamp__: '2023-11-14T22:13:20.123456Z' });
    const back = decodeValue(encoded) as Timestamp;
    expect([back.seconds, back.nanoseconds]).toEqual([1_700_000_000, 123_456_000]);
  });

  it('read millisecond times as stored before, and times before 1970', () => {
    const old = decodeValue({ __timestamp__: '2024-05-01T12:00:00.250Z' }) as Timestamp;
    expect([old.toMillis(), old.nanoseconds]).toEqual([Date.parse('2024-05-01T12:00:00.250Z'), 250_000_000]);
    const early = Timestamp.fromMillis(-1);
    expect([early.seconds, early.nanoseconds]).toEqual([-1, 999_000_000]);
    expect(encodeValue(early)).toEqual({ __timestamp__: '1969-12-31T23:59:59.999000Z' });
  });

  it.each([
    [() => new Timestamp(0, 1e9), 'Timestamp nanoseconds out of range: 1000000000'],
    [() => new Timestamp(0, -1), 'Timestamp nanoseconds out of range: -1'],
    [() => new Timestamp(253402300800, 0), 'Timestamp seconds out of range: 253402300800'],
  ])('refuse out-of-range parts (%#)', (make, text) => {
    expect(message(make)).toBe(text);
  });

  it('are refused with 4 or 9 fractional digits on the wire', () => {
    for (const text of ['2024-05-01T12:00:00.1234Z', '2024-05-01T12:00:00.123456789Z']) {
      expect(documentErrorOf(() => validateDocumentData({ t: { __timestamp__: text } }))?.code).toBe('invalid-argument');
    }
    expect(validateDocumentData({ t: { __timestamp__: '2024-05-01T12:00:00.123456Z' } })).toBeUndefined();
  });
});

describe("reserved names in a caller's maps", () => {
  it.each([
    ['a map posing as a timestamp', { t: { __timestamp__: '2024-05-01T12:00:00.000Z' } }],
    ['a map posing as bytes, deeper', { m: { list: [{ __bytes__: 'AA==' }] } }],
    ['an own "__proto__" key (as JSON.parse makes it)', JSON.parse('{"a":{"__proto__":{"x":1}}}')],
    ['a top-level "__proto__" key', JSON.parse('{"__proto__":1}')],
  ])('%s is refused, not stored as something else or dropped', (_name, data) => {
    expect(message(() => encodeValue(data, '', 0))).toBe(RESERVED);
  });

  it('"__proto__" survives decoding as an own key, so the checks see it', () => {
    const decoded = decodeData(JSON.parse('{"__proto__":{"x":1}}'));
    expect(Object.keys(decoded)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(message(() => validateDocumentData(JSON.parse('{"__proto__":1}')))).toBe(RESERVED);
  });
});

describe(`nesting is limited to ${MAX_NESTING_LEVELS} levels`, () => {
  const tooDeep = /^Values must not nest more than 20 levels of maps and arrays \(field "top/;
  it.each(['map', 'array'] as const)('of %ss: 20 pass, 21 are refused (encoding and checking)', (container) => {
    expect(() => encodeValue(nested(20, container), '', 0)).not.toThrow();
    expect(validateDocumentData(encodeValue(nested(20, container), '', 0))).toBeUndefined();
    expect(message(() => encodeValue(nested(21, container), '', 0))).toMatch(tooDeep);
    expect(message(() => validateDocumentData(nested(21, container)))).toMatch(tooDeep);
  });

  it('3,000 levels and a cycle are refused without exhausting the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = i % 2 ? { m: deep } : [deep];
    expect(message(() => encodeValue({ deep }, '', 0))).toMatch(/^Values must not nest more than 20 levels/);
    expect(message(() => validateDocumentData({ deep }))).toMatch(/^Values must not nest more than 20 levels/);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(message(() => encodeValue(cycle, '', 0))).toMatch(/^Values must not nest more than 20 levels/);
  });

  it("counts an update path's segments as levels", () => {
    const path = Array.from({ length: 19 }, (_, i) => `s${i}`).join('.');
    expect(validateUpdateData({ [path]: { k: 1 } })).toBeUndefined();
    expect(message(() => validateUpdateData({ [path]: { k: { j: 1 } } }))).toMatch(/^Values must not nest more than 20 levels/);
  });
});

describe('FieldValues become transforms', () => {
  const sink = () => {
    const found: unknown[] = [];
    return {
      found,
      context: { segments: [], inArray: false, sink: (s: string[], v: FieldValue, l: string) => found.push(transformOf(s, v, l)) },
    };
  };

  it('each one, with its field path, and leave the data without them', () => {
    const { found, context } = sink();
    const data = encodeValue(
      {
        at: serverTimestamp(),
        gone: deleteField(),
        m: { n: increment(2), keep: 1 },
        tags: arrayUnion('a', new Timestamp(1, 0)),
        old: arrayRemove(-0),
        only: { x: increment(1) },
      },
      '',
      0,
      context,
    );
    expect(data).toEqual({ m: { keep: 1 } });
    expect(found).toEqual([
      { field: 'at', op: 'serverTimestamp' },
      { field: 'gone', op: 'delete' },
      { field: 'm.n', op: 'increment', value: 2 },
      { field: 'tags', op: 'arrayUnion', values: ['a', { __timestamp__: '1970-01-01T00:00:01.000000Z' }] },
      { field: 'old', op: 'arrayRemove', values: [{ __double__: '-0' }] },
      { field: 'only.x', op: 'increment', value: 1 },
    ]);
  });

  it.each([
    [
      'inside an array',
      () => encodeValue({ list: [serverTimestamp()] }, '', 0, sink().context),
      'serverTimestamp() cannot be used inside arrays (field "list[0]")',
    ],
    [
      'outside a write (a query value)',
      () => encodeValue(increment(1), 'n'),
      'increment() cannot be used outside set() and update() (field "n")',
    ],
    [
      'in a field whose name holds a dot',
      () => encodeValue({ 'a.b': increment(1) }, '', 0, sink().context),
      'increment() cannot be used in a field whose name holds a dot (field "a.b")',
    ],
    [
      'increment of a non-number',
      () => encodeValue({ n: increment('1' as never) }, '', 0, sink().context),
      'increment() needs a number (field "n")',
    ],
  ])('are refused %s', (_name, check, text) => {
    expect(message(check)).toBe(text);
  });
});

describe('writes with mergeFields and transforms, checked as the server checks them', () => {
  const set = (more: Record<string, unknown>) => validateWrite({ op: 'set', path: 'users/u/a/b', data: { a: 1, m: { x: 1 } }, ...more });
  it.each([
    [
      'mergeFields naming a field missing from the data',
      { mergeFields: ['zz'] },
      'Field "zz" is specified in your field mask but missing from your input data',
    ],
    ['merge and mergeFields at once', { merge: true, mergeFields: ['a'] }, 'Give merge or mergeFields, not both'],
    [
      'mergeFields with a bad path',
      { mergeFields: ['a..b'] },
      'Invalid field path "a..b": it must not start or end with a dot or contain ".."',
    ],
    [
      'deleteField in a plain set',
      { transforms: [{ field: 'a', op: 'delete' }] },
      'deleteField() can only be used with update() and set() with merge or mergeFields',
    ],
    [
      'an unknown transform',
      { transforms: [{ field: 'a', op: 'double' }] },
      'Unknown transform "double": use serverTimestamp, delete, increment, arrayUnion or arrayRemove',
    ],
    ['increment by text', { transforms: [{ field: 'n', op: 'increment', value: '1' }] }, 'increment needs a number (field "n")'],
    [
      'arrayUnion of a nested array',
      { transforms: [{ field: 'l', op: 'arrayUnion', values: [[1]] }] },
      'Nested arrays are not allowed (field "l")',
    ],
    [
      'two transforms of one field',
      {
        transforms: [
          { field: 'n', op: 'serverTimestamp' },
          { field: 'n', op: 'delete' },
        ],
      },
      'Field "n" has more than one transform',
    ],
  ])('refuses %s', (_name, more, text) => {
    expect(message(() => set(more))).toBe(text);
  });

  it('accepts mergeFields named by data or by a transform inside them', () => {
    expect(set({ mergeFields: ['m.x', 'n'], transforms: [{ field: 'n', op: 'increment', value: 1 }] })).toMatchObject({
      mergeFields: ['m.x', 'n'],
    });
  });

  it("takes an update whose transform lies inside a field it sets, and refuses a field inside a transform's", () => {
    const update = (data: EncodedData, transforms: unknown[]) => validateWrite({ op: 'update', path: 'users/u/a/b', data, transforms });
    expect(update({ m: {} }, [{ field: 'm.at', op: 'serverTimestamp' }])).toMatchObject({ data: { m: {} } });
    expect(message(() => update({ 'm.x': 1 }, [{ field: 'm', op: 'delete' }]))).toBe('Field path "m.x" lies inside "m"');
    expect(message(() => update({ m: 1 }, [{ field: 'm', op: 'delete' }]))).toBe('Field "m" is named twice');
    expect(
      message(() =>
        update({}, [
          { field: 'm', op: 'delete' },
          { field: 'm.n', op: 'increment', value: 1 },
        ]),
      ),
    ).toBe('Field path "m.n" lies inside "m"');
  });
});
