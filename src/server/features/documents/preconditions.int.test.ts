import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRECONDITION_SHAPE_MESSAGE } from '../../../shared/documents';
import { createTestApp, type TestApp } from '../../test/app';
import type { HttpClient } from '../../test/http-client';
import { CHANGED_SINCE_READ_MESSAGE, PERMISSION_DENIED_MESSAGE } from './service';
import { batch, documentMember, errorOf, getDoc, setDoc } from './test-helpers';

let t: TestApp;
let alice: { client: HttpClient; uid: string };
let bob: { client: HttpClient; uid: string };
beforeAll(async () => {
  t = await createTestApp();
  alice = await documentMember(t.app);
  bob = await documentMember(t.app);
});
afterAll(() => t.close());

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
