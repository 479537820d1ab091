import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocumentQuery, type EncodedData, type EncodedValue, LIMIT_TO_LAST_MESSAGE, validateQuery } from '../../../shared/documents';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import type { HttpClient } from '../../../test-support/server/http-client';
import { documentArbitrary, queryArbitrary } from '../../../test-support/documents/arbitraries';
import { evaluateQuery } from '../../../test-support/documents/in-memory-query';
import { batch, documentMember, errorOf, getDoc, queryDocs, url } from '../../../test-support/documents/helpers';

let t: TestApp;
let client: HttpClient;
let uid: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ client, uid } = await documentMember(t.app));
});
afterAll(() => t.close());

let run = 0;

async function seed(docs: EncodedData[]) {
  const collection = `users/${uid}/run${++run}`;
  const response = await batch(client, docs.map((data, i) => ({ op: 'set', path: `${collection}/d${i}`, data })));
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
          const { collection, memory } = docs.length > 0 ? await seed(docs as EncodedData[]) : { collection: `users/${uid}/empty`, memory: [] };
          for (const raw of queries) {
            const query: DocumentQuery = validateQuery(raw);
            const response = await queryDocs(client, collection, query);
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
      { z: 1 }, [1], { __geopoint__: { latitude: 0, longitude: 0 } }, { __bytes__: 'AA==' }, 'a',
      { __timestamp__: '2024-01-01T00:00:00.000Z' }, 1, true, null,
    ];
    const { collection } = await seed(values.map((value) => ({ v: value })));
    const response = await queryDocs(client, collection, { orderBy: [{ field: 'v' }] });
    expect((response.json() as { documents: { id: string }[] }).documents.map((doc) => doc.id)).toEqual(
      ['d8', 'd7', 'd6', 'd5', 'd4', 'd3', 'd2', 'd1', 'd0'],
    );
  });

  it('pages with limit, hasMore and startAfter, and limitToLast', async () => {
    const { collection } = await seed([{ n: 3 }, { n: 1 }, { n: 2 }, { n: 5 }, { n: 4 }]);
    const ids = async (query: object) => ((await queryDocs(client, collection, query)).json() as { documents: { id: string }[] }).documents.map((doc) => doc.id);
    expect(await ids({ orderBy: [{ field: 'n' }], limit: 2 })).toEqual(['d1', 'd2']);
    expect(await ids({ orderBy: [{ field: 'n' }], limit: 2, startAfter: [2, 'd2'] })).toEqual(['d0', 'd4']);
    expect(await ids({ orderBy: [{ field: 'n', direction: 'desc' }], limitToLast: 2 })).toEqual(['d2', 'd1']);
    const listed = await client.get(`${url(collection)}?limit=2&startAfter=d1`);
    expect((listed.json() as { documents: { id: string }[]; hasMore: boolean })).toMatchObject({ documents: [{ id: 'd2' }, { id: 'd3' }], hasMore: true });
  });

  it('rejects limitToLast without orderBy as unimplemented, and bad queries as invalid-argument', async () => {
    expect(errorOf(await queryDocs(client, `users/${uid}/x`, { limitToLast: 3 }))).toEqual({
      status: 501, code: 'unimplemented', message: LIMIT_TO_LAST_MESSAGE,
    });
    expect(errorOf(await queryDocs(client, `users/${uid}/x`, { where: [{ field: '', op: '==', value: 1 }] }))).toEqual({
      status: 400, code: 'invalid-argument', message: 'Field names must not be empty',
    });
    expect(errorOf(await queryDocs(client, `users/${uid}`, {}))).toMatchObject({ status: 400, code: 'invalid-argument' });
  });

  it('reads a missing document of ones own as not existing', async () => {
    const response = await getDoc(client, `users/${uid}/things/nothing`);
    expect(response.json()).toEqual({ path: `users/${uid}/things/nothing`, id: 'nothing', exists: false, data: null, createTime: null, updateTime: null });
  });
});
