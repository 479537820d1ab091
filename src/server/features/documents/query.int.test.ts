import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DocumentQuery, type EncodedData, type EncodedValue, LIMIT_TO_LAST_MESSAGE, validateQuery } from '../../../shared/documents';
import { documentArbitrary, queryArbitrary } from '../../../test-support/documents/arbitraries';
import { batch, errorOf, getDoc, queryDocs, url } from '../../../test-support/documents/helpers';
import { evaluateQuery } from '../../../test-support/documents/in-memory-query';
import { useDocumentTestApp } from '../../../test-support/documents/test-app';

const [me] = useDocumentTestApp().members;

let run = 0;

async function seed(docs: EncodedData[]) {
  const collection = `users/${me.uid}/run${++run}`;
  const response = await batch(
    me.client,
    docs.map((data, i) => ({ op: 'set', path: `${collection}/d${i}`, data })),
  );
  expect(response.statusCode, response.body).toBe(200);
  return { collection, memory: docs.map((data, i) => ({ id: `d${i}`, data })) };
}

describe('queries answer exactly as the in-memory evaluation', () => {
  it('for random documents and queries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(documentArbitrary, { minLength: 0, maxLength: 12 }),
        fc.array(queryArbitrary, { minLength: 1, maxLength: 6 }),
        async (docs, queries) => {
          const { collection, memory } =
            docs.length > 0 ? await seed(docs as EncodedData[]) : { collection: `users/${me.uid}/empty`, memory: [] };
          for (const raw of queries) {
            const query: DocumentQuery = validateQuery(raw);
            const response = await queryDocs(me.client, collection, query);
            expect(response.statusCode, response.body).toBe(200);
            const body = response.json() as { documents: { id: string }[]; hasMore: boolean };
            const expected = evaluateQuery(memory, query);
            expect({ ids: body.documents.map((doc) => doc.id), hasMore: body.hasMore }, JSON.stringify(query)).toEqual(expected);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('orders across types: null < boolean < number < timestamp < string < bytes < geo point < array < map', async () => {
    const values: EncodedValue[] = [
      { z: 1 },
      [1],
      { __geopoint__: { latitude: 0, longitude: 0 } },
      { __bytes__: 'AA==' },
      'a',
      { __timestamp__: '2024-01-01T00:00:00.000Z' },
      1,
      true,
      null,
    ];
    const { collection } = await seed(values.map((value) => ({ v: value })));
    const response = await queryDocs(me.client, collection, { orderBy: [{ field: 'v' }] });
    expect((response.json() as { documents: { id: string }[] }).documents.map((doc) => doc.id)).toEqual([
      'd8',
      'd7',
      'd6',
      'd5',
      'd4',
      'd3',
      'd2',
      'd1',
      'd0',
    ]);
  });

  it('orders and filters -0, NaN and ±Infinity as numbers, and times stored to the millisecond or microsecond as instants', async () => {
    const double = (text: string): EncodedValue => ({ __double__: text });
    const { collection } = await seed([
      { v: 1 },
      { v: double('-0') },
      { v: double('NaN') },
      { v: double('Infinity') },
      { v: double('-Infinity') },
      { v: 0 },
      { v: -2.5 },
    ]);
    const ids = async (query: DocumentQuery) =>
      ((await queryDocs(me.client, collection, query)).json() as { documents: { id: string }[] }).documents.map((doc) => doc.id);
    expect(await ids({ where: [], orderBy: [{ field: 'v', direction: 'asc' }] })).toEqual(['d2', 'd4', 'd6', 'd1', 'd5', 'd0', 'd3']);
    expect(await ids({ where: [{ field: 'v', op: '==', value: 0 }], orderBy: [] })).toEqual(['d1', 'd5']);
    expect(await ids({ where: [{ field: 'v', op: '>', value: 0 }], orderBy: [] })).toEqual(['d0', 'd3']);
    expect(await ids({ where: [{ field: 'v', op: '<', value: 0 }], orderBy: [] })).toEqual(['d2', 'd4', 'd6']);
    expect(await ids({ where: [{ field: 'v', op: '==', value: double('NaN') }], orderBy: [] })).toEqual(['d2']);

    const time = (text: string): EncodedValue => ({ __timestamp__: text });
    const times = await seed([
      { t: time('2024-05-01T12:00:00.123Z') },
      { t: time('2024-05-01T12:00:00.123400Z') },
      { t: time('2024-05-01T12:00:00.122999Z') },
    ]);
    const timeIds = async (query: DocumentQuery) =>
      ((await queryDocs(me.client, times.collection, query)).json() as { documents: { id: string }[] }).documents.map((doc) => doc.id);
    expect(await timeIds({ where: [], orderBy: [{ field: 't', direction: 'asc' }] })).toEqual(['d2', 'd0', 'd1']);
    expect(await timeIds({ where: [{ field: 't', op: '>', value: time('2024-05-01T12:00:00.123Z') }], orderBy: [] })).toEqual(['d1']);
    expect(await timeIds({ where: [{ field: 't', op: '==', value: time('2024-05-01T12:00:00.123000Z') }], orderBy: [] })).toEqual(['d0']);
  });

  it('pages with limit, hasMore and startAfter, and limitToLast', async () => {
    const { collection } = await seed([{ n: 3 }, { n: 1 }, { n: 2 }, { n: 5 }, { n: 4 }]);
    const ids = async (query: object) =>
      ((await queryDocs(me.client, collection, query)).json() as { documents: { id: string }[] }).documents.map((doc) => doc.id);
    expect(await ids({ orderBy: [{ field: 'n' }], limit: 2 })).toEqual(['d1', 'd2']);
    expect(await ids({ orderBy: [{ field: 'n' }], limit: 2, startAfter: [2, 'd2'] })).toEqual(['d0', 'd4']);
    expect(await ids({ orderBy: [{ field: 'n', direction: 'desc' }], limitToLast: 2 })).toEqual(['d2', 'd1']);
    const listed = await me.client.get(`${url(collection)}?limit=2&startAfter=d1`);
    expect(listed.json() as { documents: { id: string }[]; hasMore: boolean }).toMatchObject({
      documents: [{ id: 'd2' }, { id: 'd3' }],
      hasMore: true,
    });
  });

  it('rejects limitToLast without orderBy as unimplemented, and bad queries as invalid-argument', async () => {
    expect(errorOf(await queryDocs(me.client, `users/${me.uid}/x`, { limitToLast: 3 }))).toEqual({
      status: 501,
      code: 'unimplemented',
      message: LIMIT_TO_LAST_MESSAGE,
    });
    expect(errorOf(await queryDocs(me.client, `users/${me.uid}/x`, { where: [{ field: '', op: '==', value: 1 }] }))).toEqual({
      status: 400,
      code: 'invalid-argument',
      message: 'Field names must not be empty',
    });
    expect(errorOf(await queryDocs(me.client, `users/${me.uid}`, {}))).toMatchObject({ status: 400, code: 'invalid-argument' });
  });

  it.each<[string, object, string[]]>([
    ['arrays element by element, then by length', { orderBy: [{ field: 'v' }] }, ['d2', 'd1', 'd0', 'd3']],
    ['maps by sorted keys, then values', { orderBy: [{ field: 'm' }] }, ['d3', 'd1', 'd0']],
    ['limitToLast on arrays', { orderBy: [{ field: 'v' }], limitToLast: 2 }, ['d0', 'd3']],
    ['an inequality orders by its field', { where: [{ field: 'n', op: '>=', value: 1 }] }, ['d1', 'd3', 'd0']],
    ['!= leaves out null and missing', { where: [{ field: 'n', op: '!=', value: 2 }] }, ['d1', 'd0']],
    ['not-in', { where: [{ field: 'n', op: 'not-in', value: [3] }] }, ['d1', 'd3']],
    ['array-contains-any', { where: [{ field: 'tags', op: 'array-contains-any', value: ['x', 'q'] }] }, ['d0', 'd3']],
    ['in with array values', { where: [{ field: 'v', op: 'in', value: [[1, 2], [9]] }] }, ['d0']],
    [
      'or()',
      {
        where: [
          {
            op: 'or',
            filters: [
              { field: 'n', op: '==', value: 1 },
              { field: '__name__', op: '==', value: 'd2' },
            ],
          },
        ],
      },
      ['d1', 'd2'],
    ],
    ['documentId() ordering', { orderBy: [{ field: '__name__', direction: 'desc' }], limit: 2 }, ['d3', 'd2']],
    ['startAt and endBefore', { orderBy: [{ field: 'v' }], startAt: [[1]], endBefore: [[1, 3]] }, ['d1', 'd0']],
    ['endAt with a document id', { orderBy: [{ field: 'v' }], endAt: [[1, 2], 'd0'] }, ['d2', 'd1', 'd0']],
  ])('answers Firestore-style: %s', async (_, query, ids) => {
    const { collection } = await seed([
      { n: 3, v: [1, 2], m: { b: 1 }, tags: ['x'] },
      { n: 1, v: [1], m: { a: 2 }, tags: ['y'] },
      { n: null, v: [0, 5] },
      { n: 2, v: [1, 3], m: { a: 1, z: 0 }, tags: ['q', 'x'] },
    ]);
    const response = await queryDocs(me.client, collection, query);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { documents: { id: string }[] }).documents.map((doc) => doc.id)).toEqual(ids);
  });

  it("refuses queries over Firestore's limits with a message naming the problem, as invalid-argument", async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(
      errorOf(
        await queryDocs(me.client, `users/${me.uid}/x`, {
          where: [
            { field: 'a', op: 'in', value: many(10) },
            { field: 'b', op: 'array-contains-any', value: many(4) },
          ],
        }),
      ),
    ).toEqual({
      status: 400,
      code: 'invalid-argument',
      message: "This query's filters make 40 disjunctions in disjunctive normal form; at most 30 are allowed",
    });
    expect(
      errorOf(
        await queryDocs(me.client, `users/${me.uid}/x`, {
          where: [
            { field: 'a', op: '!=', value: 1 },
            { field: 'b', op: 'not-in', value: [1] },
          ],
        }),
      ),
    ).toEqual({
      status: 400,
      code: 'invalid-argument',
      message: 'A query cannot use "not-in" filters with "!=" filters',
    });
  });

  it('reads a missing document of ones own as not existing', async () => {
    const response = await getDoc(me.client, `users/${me.uid}/things/nothing`);
    expect(response.json()).toEqual({
      path: `users/${me.uid}/things/nothing`,
      id: 'nothing',
      exists: false,
      data: null,
      createTime: null,
      updateTime: null,
    });
  });
});
