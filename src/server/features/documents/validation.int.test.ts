import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentErrorOf, MAX_DOCUMENT_BYTES, validateDocumentData } from '../../../shared/documents';
import { validationCases } from '../../../shared/documents/validation-cases';
import { suspectDataArbitrary } from '../../../test-support/documents/arbitraries';
import { errorOf, getDoc, setDoc, updateDoc } from '../../../test-support/documents/helpers';
import { useDocumentTestApp } from '../../../test-support/documents/test-app';

const [me] = useDocumentTestApp().members;

const original = { kept: 'as it was' };

describe('every validation rule, answered by the server with its code and message, writing nothing', () => {
  it.each(validationCases)('$rule', async ({ op, data, message }) => {
    const path = `users/${me.uid}/checks/${op}`;
    if (op === 'update') expect((await setDoc(me.client, path, original)).statusCode).toBe(200);
    const response = op === 'set' ? await setDoc(me.client, `users/${me.uid}/checks/new`, data) : await updateDoc(me.client, path, data);
    expect(errorOf(response)).toEqual({ status: 400, code: 'invalid-argument', message });
    expect((await getDoc(me.client, `users/${me.uid}/checks/new`)).json()).toMatchObject({ exists: false });
    if (op === 'update') expect((await getDoc(me.client, path)).json()).toMatchObject({ data: original });
  });

  it('refuses add with data that is not an object', async () => {
    const response = await me.client.post(`/api/documents/users/${me.uid}/checks`, { data: [1] });
    expect(errorOf(response)).toEqual({ status: 400, code: 'invalid-argument', message: 'Data must be an object' });
  });

  it('accepts a document of exactly 1 MiB and refuses one byte more, also when a merge makes it too big', async () => {
    const exact = { s: 'x'.repeat(MAX_DOCUMENT_BYTES - '{"s":""}'.length) };
    expect((await setDoc(me.client, `users/${me.uid}/big/exact`, exact)).statusCode).toBe(200);
    const over = await setDoc(me.client, `users/${me.uid}/big/over`, { s: `${exact.s}y` });
    expect(errorOf(over)).toEqual({
      status: 400,
      code: 'invalid-argument',
      message: `The document is ${MAX_DOCUMENT_BYTES + 1} bytes; the limit is ${MAX_DOCUMENT_BYTES} bytes (1 MiB)`,
    });
    expect((await getDoc(me.client, `users/${me.uid}/big/over`)).json()).toMatchObject({ exists: false });
    const merged = await setDoc(me.client, `users/${me.uid}/big/exact`, { t: 'more' }, true);
    expect(errorOf(merged)).toMatchObject({ status: 400, code: 'invalid-argument' });
    expect((await getDoc(me.client, `users/${me.uid}/big/exact`)).json()).toMatchObject({ data: exact });
  });
});

describe('the browser and the server accept and refuse the same values', () => {
  it('for generated documents, valid and not', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(suspectDataArbitrary, async (data) => {
        const path = `users/${me.uid}/property/p${++n}`;
        const inBrowser = documentErrorOf(() => validateDocumentData(data));
        const response = await setDoc(me.client, path, data);
        if (inBrowser) {
          expect(errorOf(response)).toEqual({ status: 400, code: inBrowser.code, message: inBrowser.message });
          expect((await getDoc(me.client, path)).json()).toMatchObject({ exists: false });
        } else {
          expect(response.statusCode, response.body).toBe(200);
          // What JSON carries of it: -0 goes as 0, in the browser's request as in this one.
          expect((await getDoc(me.client, path)).json()).toMatchObject({ exists: true, data: JSON.parse(JSON.stringify(data)) });
        }
      }),
      { numRuns: 60 },
    );
  });
});
