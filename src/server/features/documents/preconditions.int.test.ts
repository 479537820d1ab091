import { describe, expect, it } from 'vitest';
import { PRECONDITION_SHAPE_MESSAGE, QUERY_PRECONDITION_MESSAGE, VERIFY_NEEDS_PRECONDITION_MESSAGE } from '../../../shared/documents';
import { batch, errorOf, getDoc, setDoc, url } from '../../../test-support/documents/helpers';
import { useDocumentTestApp } from '../../../test-support/documents/test-app';
import type { HttpClient } from '../../../test-support/server/http-client';
import { CHANGED_SINCE_READ_MESSAGE, PERMISSION_DENIED_MESSAGE } from './service';

const [alice, bob] = useDocumentTestApp(2).members;

const changed = { status: 412, code: 'failed-precondition', message: CHANGED_SINCE_READ_MESSAGE };
const updateTimeOf = async (client: HttpClient, path: string) => (await getDoc(client, path)).json().updateTime as string;

describe('writes on a precondition (POST /api/documents:batch)', () => {
  it('applies a write to the document as it was read, and refuses it once another write came between, writing nothing of the batch', async () => {
    const path = `users/${alice.uid}/notes/raced`;
    const other = `users/${alice.uid}/notes/bystander`;
    await setDoc(alice.client, path, { games: [1] });
    const read = await updateTimeOf(alice.client, path);

    await setDoc(alice.client, path, { games: [1, 2] });
    const late = await batch(alice.client, [
      { op: 'set', path: other, data: { touched: true } },
      { op: 'update', path, data: { games: [1, 3] }, precondition: { updateTime: read } },
    ]);
    expect(errorOf(late)).toEqual(changed);
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ data: { games: [1, 2] } });
    expect((await getDoc(alice.client, other)).json()).toMatchObject({ exists: false });

    const fresh = await updateTimeOf(alice.client, path);
    const retried = await batch(alice.client, [{ op: 'update', path, data: { games: [1, 2, 3] }, precondition: { updateTime: fresh } }]);
    expect(retried.statusCode).toBe(200);
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ data: { games: [1, 2, 3] } });
  });

  it('creates a document on { exists: false } only while it does not exist', async () => {
    const path = `users/${alice.uid}/notes/once`;
    const create = () => batch(alice.client, [{ op: 'set', path, data: { n: 1 }, precondition: { exists: false } }]);
    expect((await create()).statusCode).toBe(200);
    expect(errorOf(await create())).toEqual(changed);
  });

  it('lets one of several batches racing to create a document on { exists: false } create it, and refuses the others', async () => {
    const path = `users/${alice.uid}/notes/raced-create`;
    const responses = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => batch(alice.client, [{ op: 'set', path, data: { n }, precondition: { exists: false } }])),
    );
    const created = responses.filter((response) => response.statusCode === 200);
    expect(created).toHaveLength(1);
    for (const response of responses.filter((other) => other !== created[0])) expect(errorOf(response)).toEqual(changed);
    const winner = (created[0]!.json().results as { data: { n: number } }[])[0]!.data.n;
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ data: { n: winner } });
  });

  it('moves updateTime on with every write, even two in one batch', async () => {
    const path = `users/${alice.uid}/notes/twice`;
    const response = await batch(alice.client, [
      { op: 'set', path, data: { n: 1 } },
      { op: 'update', path, data: { n: 2 } },
      { op: 'update', path, data: { n: 3 } },
    ]);
    const times = (response.json().results as { updateTime: string }[]).map((result) => Date.parse(result.updateTime));
    expect(times[1]).toBeGreaterThan(times[0]!);
    expect(times[2]).toBeGreaterThan(times[1]!);
  });

  it.each([
    { exists: true },
    { updateTime: 'yesterday' },
    { updateTime: '2026-13-01T00:00:00.000Z' },
    { updateTime: 5 },
    {},
    'always',
    { exists: false, updateTime: '2026-11-23T10:00:00.000Z' },
  ])('refuses the precondition %j as invalid-argument, writing nothing', async (precondition) => {
    const path = `users/${alice.uid}/notes/shapes`;
    const response = await batch(alice.client, [{ op: 'set', path, data: { n: 1 }, precondition }]);
    expect(errorOf(response)).toEqual({ status: 400, code: 'invalid-argument', message: PRECONDITION_SHAPE_MESSAGE });
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ exists: false });
  });

  it("answers permission-denied, not the precondition, for someone else's document", async () => {
    const path = `users/${alice.uid}/notes/private`;
    await setDoc(alice.client, path, { n: 1 });
    for (const precondition of [{ exists: false }, { updateTime: '2026-11-23T10:00:00.000Z' }]) {
      const response = await batch(bob.client, [{ op: 'set', path, data: { n: 2 }, precondition }]);
      expect(errorOf(response)).toEqual({ status: 403, code: 'permission-denied', message: PERMISSION_DENIED_MESSAGE });
    }
  });
});

describe('verify writes: a batch held to documents it only read', () => {
  it('applies the batch while the verified document is as read, and refuses all of it once it changed, leaving it as it was', async () => {
    const read = `users/${alice.uid}/notes/read-only`;
    const written = `users/${alice.uid}/notes/written`;
    await setDoc(alice.client, read, { limit: 3 });
    const stale = await updateTimeOf(alice.client, read);
    await setDoc(alice.client, read, { limit: 1 });

    const late = await batch(alice.client, [
      { op: 'verify', path: read, precondition: { updateTime: stale } },
      { op: 'set', path: written, data: { n: 1 } },
    ]);
    expect(errorOf(late)).toEqual(changed);
    expect((await getDoc(alice.client, written)).json()).toMatchObject({ exists: false });

    const fresh = await updateTimeOf(alice.client, read);
    const onTime = await batch(alice.client, [
      { op: 'verify', path: read, precondition: { updateTime: fresh } },
      { op: 'set', path: written, data: { n: 1 } },
    ]);
    expect(onTime.statusCode).toBe(200);
    expect((await getDoc(alice.client, written)).json()).toMatchObject({ data: { n: 1 } });
    expect((await getDoc(alice.client, read)).json()).toMatchObject({ data: { limit: 1 }, updateTime: fresh });
  });

  it('verifies that a document is still missing', async () => {
    const missing = `users/${alice.uid}/notes/not-yet`;
    const check = () => batch(alice.client, [{ op: 'verify', path: missing, precondition: { exists: false } }]);
    expect((await check()).statusCode).toBe(200);
    await setDoc(alice.client, missing, { n: 1 });
    expect(errorOf(await check())).toEqual(changed);
  });

  it('needs only read access: anyone may verify a public list, and no one a document they may not read', async () => {
    await setDoc(alice.client, 'lists/verified-public', { ownerId: alice.uid, name: 'Shared', public: true, games: [] });
    const listTime = await updateTimeOf(bob.client, 'lists/verified-public');
    const own = `users/${bob.uid}/notes/copied`;
    const copied = await batch(bob.client, [
      { op: 'verify', path: 'lists/verified-public', precondition: { updateTime: listTime } },
      { op: 'set', path: own, data: { from: 'lists/verified-public' } },
    ]);
    expect(copied.statusCode).toBe(200);

    const secret = `users/${alice.uid}/notes/secret`;
    await setDoc(alice.client, secret, { n: 1 });
    const peek = await batch(bob.client, [{ op: 'verify', path: secret, precondition: { exists: false } }]);
    expect(errorOf(peek)).toEqual({ status: 403, code: 'permission-denied', message: PERMISSION_DENIED_MESSAGE });
  });

  it('refuses a verify without a precondition as invalid-argument', async () => {
    const response = await batch(alice.client, [{ op: 'verify', path: `users/${alice.uid}/notes/any` }]);
    expect(errorOf(response)).toEqual({ status: 400, code: 'invalid-argument', message: VERIFY_NEEDS_PRECONDITION_MESSAGE });
  });
});

describe('single-document writes on a precondition in the URL (?currentDocument.exists, ?currentDocument.updateTime)', () => {
  const write = (method: 'PUT' | 'PATCH' | 'DELETE', path: string, query: string, data?: unknown) =>
    alice.client.request({ method, url: `${url(path)}?${query}`, ...(data === undefined ? {} : { payload: { data } }) });

  it('creates with PUT only while the document does not exist', async () => {
    const path = `users/${alice.uid}/notes/put-once`;
    expect((await write('PUT', path, 'currentDocument.exists=false', { n: 1 })).statusCode).toBe(200);
    expect(errorOf(await write('PUT', path, 'currentDocument.exists=false', { n: 2 }))).toEqual(changed);
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ data: { n: 1 } });
  });

  it('updates with PATCH and deletes with DELETE only the version that was read', async () => {
    const path = `users/${alice.uid}/notes/versioned`;
    await setDoc(alice.client, path, { n: 1 });
    const stale = encodeURIComponent(await updateTimeOf(alice.client, path));
    await setDoc(alice.client, path, { n: 2 });

    expect(errorOf(await write('PATCH', path, `currentDocument.updateTime=${stale}`, { n: 3 }))).toEqual(changed);
    expect(errorOf(await write('DELETE', path, `currentDocument.updateTime=${stale}`))).toEqual(changed);
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ data: { n: 2 } });

    const fresh = encodeURIComponent(await updateTimeOf(alice.client, path));
    expect((await write('PATCH', path, `currentDocument.updateTime=${fresh}`, { n: 3 })).statusCode).toBe(200);
    const latest = encodeURIComponent(await updateTimeOf(alice.client, path));
    expect((await write('DELETE', path, `currentDocument.updateTime=${latest}`)).statusCode).toBe(200);
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ exists: false });
  });

  it.each([
    'currentDocument.exists=true',
    'currentDocument.updateTime=yesterday',
    'currentDocument.exists=false&currentDocument.updateTime=2026-11-23T10%3A00%3A00.000Z',
    'currentDocument.exists=false&currentDocument.exists=false',
  ])('refuses ?%s as invalid-argument, writing nothing', async (query) => {
    const path = `users/${alice.uid}/notes/query-shapes`;
    expect(errorOf(await write('PUT', path, query, { n: 1 }))).toEqual({
      status: 400,
      code: 'invalid-argument',
      message: QUERY_PRECONDITION_MESSAGE,
    });
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ exists: false });
  });
});
