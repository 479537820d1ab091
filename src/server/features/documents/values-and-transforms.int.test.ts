// Values and writes as Cloud Firestore's client has them (issue 19), through HTTP, on the
// database the run uses (embedded, or PostgreSQL with TEST_DATABASE_URL).
import { describe, expect, it } from 'vitest';
import { RESERVED_FIELD_MESSAGE } from '../../../shared/documents';
import { batch, errorOf, getDoc, setDoc, updateDoc, url } from '../../../test-support/documents/helpers';
import { useDocumentTestApp } from '../../../test-support/documents/test-app';

const [me] = useDocumentTestApp().members;

const dataOf = async (path: string) => (await getDoc(me.client, path)).json().data as Record<string, unknown>;
const put = (path: string, body: string) =>
  me.client.request({ method: 'PUT', url: url(path), payload: body, headers: { 'content-type': 'application/json' } });
const invalid = (message: string | RegExp) => ({ status: 400, code: 'invalid-argument', message });
/** A document whose deepest value sits at `levels` (a top-level field is level 1). */
const nested = (levels: number): Record<string, unknown> => {
  let value: unknown = 'leaf';
  for (let level = levels; level > 1; level--) value = level % 2 ? { k: value } : [value];
  return { top: value };
};

describe('values keep what they are', () => {
  it('stores -0, NaN and ±Infinity (tagged) and microsecond timestamps, and answers them as written', async () => {
    const path = `users/${me.uid}/values/numbers`;
    const data = {
      z: { __double__: '-0' },
      n: { __double__: 'NaN' },
      list: [{ __double__: 'Infinity' }, { __double__: '-Infinity' }],
      micro: { __timestamp__: '2024-05-01T12:00:00.123456Z' },
      milli: { __timestamp__: '2024-05-01T12:00:00.123Z' },
    };
    expect((await setDoc(me.client, path, data)).statusCode).toBe(200);
    expect(await dataOf(path)).toEqual(data);
  });

  it.each([
    ['a top-level "__proto__" key', '{"data":{"__proto__":{"x":1}}}'],
    ['a nested "__proto__" key', '{"data":{"m":{"__proto__":1}}}'],
  ])('refuses %s as the reserved name it is, writing nothing', async (_name, body) => {
    const path = `users/${me.uid}/values/proto`;
    expect(errorOf(await put(path, body))).toEqual(invalid(RESERVED_FIELD_MESSAGE));
    expect((await getDoc(me.client, path)).json()).toMatchObject({ exists: false });
  });

  it('still takes "constructor" and "prototype" as ordinary field names', async () => {
    const path = `users/${me.uid}/values/constructor`;
    expect((await put(path, '{"data":{"constructor":{"prototype":{"x":1}}}}')).statusCode).toBe(200);
    expect(await dataOf(path)).toEqual({ constructor: { prototype: { x: 1 } } });
  });

  it('takes 20 levels of maps and arrays and refuses 21 and 3,000 with invalid-argument', async () => {
    const path = `users/${me.uid}/values/deep`;
    expect((await setDoc(me.client, path, nested(20))).statusCode).toBe(200);
    expect(await dataOf(path)).toEqual(nested(20));
    expect(errorOf(await setDoc(me.client, `${path}2`, nested(21)))).toEqual(
      invalid(expect.stringMatching(/^Values must not nest more than 20 levels/) as never),
    );
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = i % 2 ? { m: deep } : [deep];
    const response = await setDoc(me.client, `${path}3`, { deep });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid-argument' } });
  });
});

describe('merges', () => {
  it('merging { m: {} } empties m, as Firestore does', async () => {
    const path = `users/${me.uid}/merge/empty`;
    await setDoc(me.client, path, { m: { a: 1 }, keep: true });
    expect((await setDoc(me.client, path, { m: {} }, true)).statusCode).toBe(200);
    expect(await dataOf(path)).toEqual({ m: {}, keep: true });
  });

  it('mergeFields change only the fields named, in a PUT and in a batch', async () => {
    const path = `users/${me.uid}/merge/fields`;
    await setDoc(me.client, path, { a: 1, b: 1, m: { x: 1, y: 1 } });
    const body = { data: { a: 2, b: 2, m: { x: 2, y: 2 } }, mergeFields: ['a', 'm.x'] };
    expect((await me.client.request({ method: 'PUT', url: url(path), payload: body })).statusCode).toBe(200);
    expect(await dataOf(path)).toEqual({ a: 2, b: 1, m: { x: 2, y: 1 } });
    const batched = await batch(me.client, [{ op: 'set', path, data: { b: 3, m: {} }, mergeFields: ['m'] }]);
    expect(batched.statusCode).toBe(200);
    expect(await dataOf(path)).toEqual({ a: 2, b: 1, m: {} });
  });

  it('refuses mergeFields naming a field the data lacks, writing nothing', async () => {
    const path = `users/${me.uid}/merge/missing`;
    const response = await me.client.request({ method: 'PUT', url: url(path), payload: { data: { a: 1 }, mergeFields: ['b'] } });
    expect(errorOf(response)).toEqual(invalid('Field "b" is specified in your field mask but missing from your input data'));
    expect((await getDoc(me.client, path)).json()).toMatchObject({ exists: false });
  });
});

describe('transforms, applied by the server', () => {
  const path = () => `users/${me.uid}/transforms/doc`;
  const put = (body: object) => me.client.request({ method: 'PUT', url: url(path()), payload: body });

  it('in set, set with merge, update, add and a batch', async () => {
    const set = await put({
      data: { keep: 1 },
      transforms: [
        { field: 'at', op: 'serverTimestamp' },
        { field: 'n', op: 'increment', value: 2 },
      ],
    });
    expect(set.statusCode).toBe(200);
    const first = await dataOf(path());
    expect(first).toMatchObject({ keep: 1, n: 2 });
    expect((first.at as { __timestamp__: string }).__timestamp__).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const merged = await put({
      data: { more: true },
      merge: true,
      transforms: [
        { field: 'keep', op: 'delete' },
        { field: 'tags', op: 'arrayUnion', values: ['a', 'b'] },
      ],
    });
    expect(merged.statusCode).toBe(200);
    expect(await dataOf(path())).toEqual({ at: first.at, n: 2, more: true, tags: ['a', 'b'] });

    const updated = await updateDoc(me.client, path(), {});
    expect(updated.statusCode).toBe(200);
    const patched = await me.client.request({
      method: 'PATCH',
      url: url(path()),
      payload: {
        data: { 'm.x': 1 },
        transforms: [
          { field: 'n', op: 'increment', value: -0.5 },
          { field: 'tags', op: 'arrayRemove', values: ['a'] },
          { field: 'more', op: 'delete' },
        ],
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(await dataOf(path())).toEqual({ at: first.at, n: 1.5, tags: ['b'], m: { x: 1 } });

    const added = await me.client.post(`/api/documents/users/${me.uid}/transforms`, {
      data: { a: 1 },
      transforms: [{ field: 'made', op: 'serverTimestamp' }],
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ a: 1, made: { __timestamp__: expect.any(String) } });

    const batched = await batch(me.client, [
      { op: 'update', path: path(), data: {}, transforms: [{ field: 'n', op: 'increment', value: 1 }] },
      { op: 'update', path: path(), data: {}, transforms: [{ field: 'n', op: 'increment', value: 1 }] },
    ]);
    expect(batched.statusCode).toBe(200);
    expect((await dataOf(path())).n).toBe(3.5);
  });

  it('sets a map, then transforms a field inside it, in one update', async () => {
    const target = `users/${me.uid}/transforms/inside`;
    await setDoc(me.client, target, { m: { old: true }, n: 1 });
    const response = await me.client.request({
      method: 'PATCH',
      url: url(target),
      payload: { data: { m: { x: 1 } }, transforms: [{ field: 'm.n', op: 'increment', value: 5 }] },
    });
    expect(response.statusCode).toBe(200);
    expect(await dataOf(target)).toEqual({ m: { x: 1, n: 5 }, n: 1 });
  });

  it.each([
    [
      'deleteField in a plain set',
      { data: {}, transforms: [{ field: 'a', op: 'delete' }] },
      'deleteField() can only be used with update() and set() with merge or mergeFields',
    ],
    [
      'an unknown transform',
      { data: {}, transforms: [{ field: 'a', op: 'multiply' }] },
      'Unknown transform "multiply": use serverTimestamp, delete, increment, arrayUnion or arrayRemove',
    ],
    [
      'a transform on a bad field path',
      { data: {}, transforms: [{ field: 'a/b', op: 'serverTimestamp' }] },
      'Invalid field path "a/b": field names must not contain ~ * / [ ]',
    ],
    [
      'an increment by text',
      { data: {}, transforms: [{ field: 'n', op: 'increment', value: '1' }] },
      'increment needs a number (field "n")',
    ],
  ])('refuses %s, writing nothing', async (_name, body, message) => {
    const target = `users/${me.uid}/transforms/refused`;
    const response = await me.client.request({ method: 'PUT', url: url(target), payload: body });
    expect(errorOf(response)).toEqual(invalid(message));
    expect((await getDoc(me.client, target)).json()).toMatchObject({ exists: false });
  });

  it('refuses an arrayUnion that would nest deeper than 20 levels once applied, writing nothing', async () => {
    const target = `users/${me.uid}/transforms/deep`;
    const path19 = Array.from({ length: 19 }, (_, i) => `s${i}`).join('.');
    await setDoc(me.client, target, { a: 1 });
    const response = await me.client.request({
      method: 'PATCH',
      url: url(target),
      payload: { data: {}, transforms: [{ field: path19, op: 'arrayUnion', values: [{ k: 1 }] }] },
    });
    expect(errorOf(response)).toEqual(invalid(expect.stringMatching(/^Values must not nest more than 20 levels/) as never));
    expect(await dataOf(target)).toEqual({ a: 1 });
  });
});

describe('two clients at once', () => {
  it('ten increments and ten arrayUnions sent together all count', async () => {
    const path = `users/${me.uid}/transforms/raced`;
    await setDoc(me.client, path, { n: 0, tags: [] });
    const writes = Array.from({ length: 10 }, (_, i) =>
      i % 2
        ? me.client.request({
            method: 'PATCH',
            url: url(path),
            payload: {
              data: {},
              transforms: [
                { field: 'n', op: 'increment', value: 1 },
                { field: 'tags', op: 'arrayUnion', values: [`t${i}`] },
              ],
            },
          })
        : batch(me.client, [
            {
              op: 'update',
              path,
              data: {},
              transforms: [
                { field: 'n', op: 'increment', value: 1 },
                { field: 'tags', op: 'arrayUnion', values: [`t${i}`] },
              ],
            },
          ]),
    );
    const responses = await Promise.all(writes);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const data = await dataOf(path);
    expect(data.n).toBe(10);
    expect([...(data.tags as string[])].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `t${i}`).sort());
  });
});
