import { describe, expect, it } from 'vitest';
import { documentErrorOf } from './errors';
import { compareValues } from './order';
import { type DocumentQuery, effectiveOrderBy, evaluateDocumentQuery, validateQuery } from './query';
import type { EncodedData, EncodedValue } from './values';

const ts = (iso: string) => ({ __timestamp__: iso });

describe('Firestore value order', () => {
  it.each<[string, EncodedValue, EncodedValue]>([
    ['null before false', null, false],
    ['false before true', false, true],
    ['booleans before numbers', true, -1e21],
    ['numbers by value', -1, 0.5],
    ['numbers before timestamps', 1e21, ts('0001-01-01T00:00:00.000Z')],
    ['timestamps by time', ts('2024-01-01T00:00:00.000Z'), ts('2024-01-01T00:00:00.001Z')],
    ['timestamps before strings', ts('9999-01-01T00:00:00.000Z'), ''],
    ['strings by code point', '\uffff', '😀'],
    ['strings before bytes', '😀', { __bytes__: '' }],
    ['bytes bytewise', { __bytes__: 'AA==' }, { __bytes__: '/w==' }],
    ['bytes before geo points', { __bytes__: '/w==' }, { __geopoint__: { latitude: -90, longitude: 0 } }],
    [
      'geo points by latitude then longitude',
      { __geopoint__: { latitude: 0, longitude: 5 } },
      { __geopoint__: { latitude: 1, longitude: 0 } },
    ],
    ['geo points before arrays', { __geopoint__: { latitude: 90, longitude: 0 } }, []],
    ['arrays element by element', [1, 'b'], [1, 'c']],
    ['arrays: an earlier element decides before length', [1, 3], [2]],
    ['arrays: a prefix first', [1], [1, 0]],
    ['arrays before maps', ['z'], {}],
    ['maps by sorted keys first', { a: 9 }, { b: 0 }],
    ['maps by value under the same key', { a: 1, b: 2 }, { a: 2 }],
    ['maps: fewer entries first when a prefix', { a: 1 }, { a: 1, b: 0 }],
    ['maps compare keys in order, not as written', { b: 1, a: 1 }, { a: 1, c: 0 }],
  ])('%s', (_, lower, higher) => {
    expect(compareValues(lower, higher)).toBe(-1);
    expect(compareValues(higher, lower)).toBe(1);
    expect(compareValues(lower, lower)).toBe(0);
  });

  it('numbers equal whatever their spelling', () => {
    expect(compareValues(1, 1.0)).toBe(0);
    expect(compareValues({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(0);
  });
});

const docs: { id: string; data: EncodedData }[] = [
  { id: 'a', data: { n: 3, tags: ['x', 'y'], v: [1, 2], m: { k: 1 } } },
  { id: 'b', data: { n: 1, tags: ['y'], v: [1], m: { k: 0, z: 1 } } },
  { id: 'c', data: { n: null, tags: [], v: [0, 9] } },
  { id: 'd', data: { tags: ['z'], v: [1, 2], m: { j: 5 } } },
  { id: 'e', data: { n: 2, tags: 'x', v: [[1]] as unknown as EncodedValue, m: {} } },
];
const run = (query: Partial<DocumentQuery>) => evaluateDocumentQuery(docs, validateQuery(query)).documents.map((doc) => doc.id);

describe('query evaluation', () => {
  it.each<[string, Partial<DocumentQuery>, string[]]>([
    ['arrays order element by element, then by length', { orderBy: [{ field: 'v', direction: 'asc' }] }, ['c', 'b', 'a', 'd', 'e']],
    ['maps order by sorted keys, then values', { orderBy: [{ field: 'm', direction: 'asc' }] }, ['e', 'd', 'b', 'a']],
    ['limitToLast counts from the end of the array order', { orderBy: [{ field: 'v', direction: 'asc' }], limitToLast: 2 }, ['d', 'e']],
    ['an inequality orders by its field when no orderBy is given', { where: [{ field: 'n', op: '>', value: 0 }] }, ['b', 'e', 'a']],
    ['!= leaves out null and missing fields, ordered by the field', { where: [{ field: 'n', op: '!=', value: 2 }] }, ['b', 'a']],
    ['not-in leaves out null and missing fields', { where: [{ field: 'n', op: 'not-in', value: [1] }] }, ['e', 'a']],
    ['in matches array values whole', { where: [{ field: 'v', op: 'in', value: [[1, 2], [0]] }] }, ['a', 'd']],
    ['array-contains-any', { where: [{ field: 'tags', op: 'array-contains-any', value: ['x', 'z'] }] }, ['a', 'd']],
    [
      'or()',
      {
        where: [
          {
            op: 'or',
            filters: [
              { field: 'n', op: '==', value: 1 },
              { field: 'tags', op: 'array-contains', value: 'z' },
            ],
          },
        ],
      },
      ['b', 'd'],
    ],
    [
      'and() inside or()',
      {
        where: [
          {
            op: 'or',
            filters: [
              {
                op: 'and',
                filters: [
                  { field: 'n', op: '>=', value: 2 },
                  { field: 'n', op: '<', value: 3 },
                ],
              },
              { field: '__name__', op: '==', value: 'c' },
            ],
          },
        ],
      },
      ['c', 'e'],
    ],
    [
      'documentId() filters and ordering',
      { where: [{ field: '__name__', op: 'in', value: ['b', 'd', 'q'] }], orderBy: [{ field: '__name__', direction: 'desc' }] },
      ['d', 'b'],
    ],
    ['startAt includes the cursor', { orderBy: [{ field: 'n', direction: 'asc' }], startAt: [1] }, ['b', 'e', 'a']],
    ['startAfter excludes it', { orderBy: [{ field: 'n', direction: 'asc' }], startAfter: [1] }, ['e', 'a']],
    ['endAt includes it', { orderBy: [{ field: 'n', direction: 'asc' }], endAt: [2] }, ['c', 'b', 'e']],
    ['endBefore excludes it', { orderBy: [{ field: 'n', direction: 'asc' }], endBefore: [2] }, ['c', 'b']],
    ['a cursor with the document id breaks ties', { orderBy: [{ field: 'v', direction: 'asc' }], startAfter: [[1, 2], 'a'] }, ['d', 'e']],
    ['cursors on the implicit order', { where: [{ field: 'n', op: '>', value: 0 }], startAt: [2] }, ['e', 'a']],
  ])('%s', (_, query, ids) => {
    expect(run(query)).toEqual(ids);
  });

  it('puts implicit inequality fields after the explicit ones, by name, in the last direction', () => {
    const order = effectiveOrderBy({
      where: [
        { field: 'z', op: '<', value: 1 },
        { op: 'or', filters: [{ field: 'b', op: '!=', value: 1 }] },
      ],
      orderBy: [{ field: 'm', direction: 'desc' }],
    });
    expect(order.map((o) => `${o.field} ${o.direction}`)).toEqual(['m desc', 'b desc', 'z desc', '__name__ desc']);
  });
});

describe('query limits and messages', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => i);
  it.each<[string, unknown, string]>([
    ['empty in', { where: [{ field: 'a', op: 'in', value: [] }] }, '"in" filters need an array of 1 to 30 values (field "a")'],
    ['31 in values', { where: [{ field: 'a', op: 'in', value: many(31) }] }, '"in" filters need an array of 1 to 30 values (field "a")'],
    [
      '11 not-in values',
      { where: [{ field: 'a', op: 'not-in', value: many(11) }] },
      '"not-in" filters need an array of 1 to 10 values (field "a")',
    ],
    [
      'array-contains-any without an array',
      { where: [{ field: 'a', op: 'array-contains-any', value: 1 }] },
      '"array-contains-any" filters need an array of 1 to 30 values (field "a")',
    ],
    [
      'two not-in',
      {
        where: [
          { field: 'a', op: 'not-in', value: [1] },
          { field: 'b', op: 'not-in', value: [1] },
        ],
      },
      'A query cannot use more than one "not-in" filter',
    ],
    [
      'not-in with !=',
      {
        where: [
          { field: 'a', op: '!=', value: 1 },
          { field: 'b', op: 'not-in', value: [1] },
        ],
      },
      'A query cannot use "not-in" filters with "!=" filters',
    ],
    [
      'two array-contains',
      {
        where: [
          { field: 'a', op: 'array-contains', value: 1 },
          { op: 'or', filters: [{ field: 'b', op: 'array-contains', value: 1 }] },
        ],
      },
      'A query cannot use more than one "array-contains" filter',
    ],
    [
      'in with not-in',
      {
        where: [
          { field: 'a', op: 'in', value: [1] },
          { field: 'b', op: 'not-in', value: [2] },
        ],
      },
      'A query cannot use "not-in" filters with "in" filters',
    ],
    [
      'more than 30 disjunctions',
      {
        where: [
          { field: 'a', op: 'in', value: many(10) },
          { field: 'b', op: 'array-contains-any', value: many(4) },
        ],
      },
      "This query's filters make 40 disjunctions in disjunctive normal form; at most 30 are allowed",
    ],
    [
      'an or() of two in filters of 16 values',
      {
        where: [
          {
            op: 'or',
            filters: [
              { field: 'a', op: 'in', value: many(16) },
              { field: 'b', op: 'in', value: many(16) },
            ],
          },
        ],
      },
      "This query's filters make 32 disjunctions in disjunctive normal form; at most 30 are allowed",
    ],
    ['range on null', { where: [{ field: 'a', op: '>', value: null }] }, 'Null only supports "==" and "!=" comparisons (field "a")'],
    [
      'array-contains on documentId()',
      { where: [{ field: '__name__', op: 'array-contains', value: 'x' }] },
      '"array-contains" filters cannot be used on documentId()',
    ],
    [
      'documentId() with a path',
      { where: [{ field: '__name__', op: '==', value: 'a/b' }] },
      'Filters on documentId() need a plain document id, but "a/b" contains a "/"',
    ],
    [
      'documentId() with a number',
      { where: [{ field: '__name__', op: '>', value: 1 }] },
      'Filters on documentId() need a non-empty document id string (operator ">")',
    ],
    ['startAt with startAfter', { orderBy: [{ field: 'a' }], startAt: [1], startAfter: [1] }, 'Use startAt or startAfter, not both'],
    ['endAt with endBefore', { orderBy: [{ field: 'a' }], endAt: [1], endBefore: [1] }, 'Use endAt or endBefore, not both'],
    [
      'a cursor longer than the order',
      { orderBy: [{ field: 'a' }], endAt: [1, 'x', 2] },
      'endAt must be an array of 1 to 2 values: one per orderBy field, then optionally a document id',
    ],
    [
      'a composite filter with a bad operator',
      { where: [{ op: 'xor', filters: [] }] },
      'Invalid composite filter "xor": use "or" or "and"',
    ],
  ])('%s', (_, query, message) => {
    const error = documentErrorOf(() => validateQuery(query));
    expect({ code: error?.code, message: error?.message }).toEqual({ code: 'invalid-argument', message });
  });

  it('accepts 30 disjunctions, in with array values and range filters on arrays', () => {
    expect(documentErrorOf(() => validateQuery({ where: [{ field: 'a', op: 'in', value: many(30) }] }))).toBeNull();
    expect(documentErrorOf(() => validateQuery({ where: [{ field: 'a', op: 'in', value: [[1], [2, 3]] }] }))).toBeNull();
    expect(documentErrorOf(() => validateQuery({ where: [{ field: 'a', op: '<', value: [1] }] }))).toBeNull();
  });
});
