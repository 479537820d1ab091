import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentErrorOf, MAX_DOCUMENT_BYTES, validateDocumentData } from '../../../shared/documents';
import { validationCases } from '../../../shared/documents/validation-cases';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import type { HttpClient } from '../../../test-support/server/http-client';
import { suspectDataArbitrary } from '../../../test-support/documents/arbitraries';
import { documentMember, errorOf, getDoc, setDoc, updateDoc } from '../../../test-support/documents/helpers';

let t: TestApp;
let client: HttpClient;
let uid: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ client, uid } = await documentMember(t.app));
});
afterAll(() => t.close());

const original = { kept: 'as it was' };

describe('every validation rule, answered by the server with its code and message, writing nothing', () => {
  it.each(validationCases)('$rule', async ({ op, data, message }) => {
    const path = `users/${uid}/checks/${op}`;
    if (op === 'update') expect((await setDoc(client, path, original)).statusCode).toBe(200);
    const response = op === 'set' ? await setDoc(client, `users/${uid}/checks/new`, data) : await updateDoc(client, path, data);
    expect(errorOf(response)).toEqual({ status: 400, code: 'invalid-argument', message });
    expect((await getDoc(client, `users/${uid}/checks/new`)).json()).toMatchObject({ exists: false });
    if (op === 'update') expect((await getDoc(client, path)).json()).toMatchObject({ data: original });
  });

  it('refuses add with data that is not an object', async () => {
    const response = await client.post(`/api/documents/users/${uid}/checks`, { data: [1] });
    expect(errorOf(response)).toEqual({ status: 400, code: 'invalid-argument', message: 'Data must be an object' });
  });

  it('accepts a document of exactly 1 MiB and refuses one byte more, also when a merge makes it too big', async () => {
    const exact = { s: 'x'.repeat(MAX_DOCUMENT_BYTES - '{"s":""}'.length) };
    expect((await setDoc(client, `users/${uid}/big/exact`, exact)).statusCode).toBe(200);
    const over = await setDoc(client, `users/${uid}/big/over`, { s: `${exact.s}y` });
    expect(errorOf(over)).toEqual({
      status: 400, code: 'invalid-argument',
      message: `The document is ${MAX_DOCUMENT_BYTES + 1} bytes; the limit is ${MAX_DOCUMENT_BYTES} bytes (1 MiB)`,
    });
    expect((await getDoc(client, `users/${uid}/big/over`)).json()).toMatchObject({ exists: false });
    const merged = await setDoc(client, `users/${uid}/big/exact`, { t: 'more' }, true);
    expect(errorOf(merged)).toMatchObject({ status: 400, code: 'invalid-argument' });
    expect((await getDoc(client, `users/${uid}/big/exact`)).json()).toMatchObject({ data: exact });
  });
});

describe('the browser and the server accept and refuse the same values', () => {
  it('for generated documents, valid and not', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(suspectDataArbitrary, async (data) => {
        const path = `users/${uid}/property/p${++n}`;
        const inBrowser = documentErrorOf(() => validateDocumentData(data));
        const response = await setDoc(client, path, data);
        if (inBrowser) {
          expect(errorOf(response)).toEqual({ status: 400, code: inBrowser.code, message: inBrowser.message });
          expect((await getDoc(client, path)).json()).toMatchObject({ exists: false });
        } else {
          expect(response.statusCode, response.body).toBe(200);
          expect((await getDoc(client, path)).json()).toMatchObject({ exists: true, data });
        }
      }),
      { numRuns: 60 },
    );
  });
});
