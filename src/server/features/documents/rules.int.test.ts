import { describe, expect, it } from 'vitest';
import { batch, deleteDoc, errorOf, getDoc, queryDocs, setDoc, updateDoc } from '../../../test-support/documents/helpers';
import { useDocumentTestApp } from '../../../test-support/documents/test-app';
import type { HttpClient } from '../../../test-support/server/http-client';
import { PERMISSION_DENIED_MESSAGE } from './service';

const testApp = useDocumentTestApp(2);
const [alice, bob] = testApp.members;

const deniedAnswer = { status: 403, code: 'permission-denied', message: PERMISSION_DENIED_MESSAGE };

describe('users/{uid}/** and diagnostics/{uid}/**: only the owner', () => {
  it.each(['users', 'diagnostics'])('%s', async (root) => {
    const path = `${root}/${alice.uid}/notes/n1`;
    expect((await setDoc(alice.client, path, { text: 'mine' })).statusCode).toBe(200);
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ exists: true, data: { text: 'mine' } });
    expect((await getDoc(alice.client, `${root}/${alice.uid}`)).json()).toMatchObject({ exists: false });
    // Bob and a visitor get the same answer for a document that exists and one that does not.
    for (const client of [bob.client, testApp.anon]) {
      expect(errorOf(await getDoc(client, path))).toEqual(deniedAnswer);
      expect(errorOf(await getDoc(client, `${root}/${alice.uid}/notes/missing`))).toEqual(deniedAnswer);
      expect(errorOf(await setDoc(client, path, { text: 'theirs' }))).toEqual(deniedAnswer);
      expect(errorOf(await updateDoc(client, path, { text: 'theirs' }))).toEqual(deniedAnswer);
      expect(errorOf(await deleteDoc(client, path))).toEqual(deniedAnswer);
      expect(errorOf(await queryDocs(client, `${root}/${alice.uid}/notes`, {}))).toEqual(deniedAnswer);
      expect(errorOf(await client.post(`/api/documents/${root}/${alice.uid}/notes`, { data: { x: 1 } }))).toEqual(deniedAnswer);
    }
    expect(errorOf(await queryDocs(alice.client, root, {}))).toEqual(deniedAnswer);
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ data: { text: 'mine' } });
  });

  it('updating a missing document of ones own is not-found; deleting works', async () => {
    const path = `users/${alice.uid}/notes/gone`;
    expect(errorOf(await updateDoc(alice.client, path, { a: 1 }))).toMatchObject({ status: 404, code: 'not-found' });
    expect((await setDoc(alice.client, path, { a: 1 })).statusCode).toBe(200);
    expect((await deleteDoc(alice.client, path)).json()).toMatchObject({ exists: false });
    expect((await getDoc(alice.client, path)).json()).toMatchObject({ exists: false });
  });
});

describe('lists/{id}', () => {
  it('the owner creates, reads and edits; others read only when public', async () => {
    expect(errorOf(await setDoc(alice.client, 'lists/l1', { ownerId: bob.uid, name: 'Not mine to make' }))).toEqual(deniedAnswer);
    expect(errorOf(await setDoc(testApp.anon, 'lists/l1', { name: 'No owner' }))).toEqual(deniedAnswer);
    expect((await setDoc(alice.client, 'lists/l1', { ownerId: alice.uid, name: 'Cozy', public: false, games: [] })).statusCode).toBe(200);
    expect((await getDoc(alice.client, 'lists/l1')).json()).toMatchObject({ exists: true, data: { name: 'Cozy' } });
    for (const client of [bob.client, testApp.anon]) {
      expect(errorOf(await getDoc(client, 'lists/l1'))).toEqual(deniedAnswer);
      expect(errorOf(await getDoc(client, 'lists/never-made'))).toEqual(deniedAnswer);
    }
    expect((await updateDoc(alice.client, 'lists/l1', { public: true })).statusCode).toBe(200);
    expect((await getDoc(testApp.anon, 'lists/l1')).json()).toMatchObject({ data: { name: 'Cozy', public: true } });
    expect((await getDoc(bob.client, 'lists/l1')).json()).toMatchObject({ exists: true });
    expect(errorOf(await updateDoc(bob.client, 'lists/l1', { name: 'Hijacked' }))).toEqual(deniedAnswer);
    expect(errorOf(await setDoc(bob.client, 'lists/l1', { ownerId: bob.uid }))).toEqual(deniedAnswer);
    expect(errorOf(await updateDoc(alice.client, 'lists/l1', { ownerId: bob.uid }))).toEqual(deniedAnswer);
    expect(errorOf(await deleteDoc(bob.client, 'lists/l1'))).toEqual(deniedAnswer);
    expect((await getDoc(alice.client, 'lists/l1')).json()).toMatchObject({ data: { name: 'Cozy', ownerId: alice.uid } });
    expect((await deleteDoc(alice.client, 'lists/l1')).statusCode).toBe(200);
  });

  it('keeps the shape of a list: its owner writes only valid lists, and a refused write stores nothing', async () => {
    const list = { ownerId: alice.uid, name: 'Best LLM NPCs', public: false, games: [{ gameId: 3, note: 'The rumours!' }] };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...list, name: '' }, 'A list needs a name'],
      [{ ...list, name: 'x'.repeat(81) }, 'A list name has at most 80 characters'],
      [{ ...list, public: 'yes' }, 'A list is public (true) or private (false)'],
      [{ ...list, games: [{ gameId: 'three' }] }, 'Each game in a list needs a gameId (a positive whole number)'],
      [{ ...list, games: [{ gameId: 3, note: 'n'.repeat(281) }] }, 'A note has at most 280 characters'],
      [{ ...list, games: Array.from({ length: 101 }, (_, i) => ({ gameId: i + 1, note: '' })) }, 'A list holds at most 100 games'],
      [{ ...list, secret: 1 }, 'A list has no field named secret'],
    ];
    for (const [data, message] of refusals) {
      const response = await setDoc(alice.client, 'lists/shaped', data);
      expect(response.statusCode, message).toBe(400);
      expect(errorOf(response)).toEqual({ status: 400, code: 'invalid-argument', message });
    }
    // Its owner could read it if it existed.
    expect(errorOf(await getDoc(alice.client, 'lists/shaped'))).toEqual(deniedAnswer);
    expect((await setDoc(alice.client, 'lists/shaped', list)).statusCode).toBe(200);
    expect(errorOf(await updateDoc(alice.client, 'lists/shaped', { name: ' ' }))).toEqual({
      status: 400,
      code: 'invalid-argument',
      message: 'A list needs a name',
    });
    await deleteDoc(alice.client, 'lists/shaped');
  });

  it('queries must filter by public == true or ownerId == me', async () => {
    await setDoc(alice.client, 'lists/pub', { ownerId: alice.uid, public: true, name: 'Public', games: [] });
    await setDoc(alice.client, 'lists/priv', { ownerId: alice.uid, public: false, name: 'Private', games: [] });
    const ids = async (client: HttpClient, query: object) =>
      ((await queryDocs(client, 'lists', query)).json() as { documents: { id: string }[] }).documents.map((doc) => doc.id);
    expect(await ids(testApp.anon, { where: [{ field: 'public', op: '==', value: true }] })).toEqual(['pub']);
    expect(await ids(alice.client, { where: [{ field: 'ownerId', op: '==', value: alice.uid }] })).toEqual(['priv', 'pub']);
    expect(await ids(bob.client, { where: [{ field: 'ownerId', op: '==', value: bob.uid }] })).toEqual([]);
    expect(errorOf(await queryDocs(bob.client, 'lists', {}))).toEqual(deniedAnswer);
    expect(errorOf(await queryDocs(bob.client, 'lists', { where: [{ field: 'ownerId', op: '==', value: alice.uid }] }))).toEqual(
      deniedAnswer,
    );
    expect(errorOf(await queryDocs(testApp.anon, 'lists', { where: [{ field: 'public', op: '!=', value: false }] }))).toEqual(deniedAnswer);
    expect(errorOf(await testApp.anon.get('/api/documents/lists'))).toEqual(deniedAnswer);
  });

  it('everything else is denied', async () => {
    for (const path of ['games/1', 'lists/l1/items/a', 'other/x', `users/${alice.uid}x/a/b`]) {
      expect(errorOf(await setDoc(alice.client, path, { a: 1 }))).toEqual(deniedAnswer);
      expect(errorOf(await getDoc(alice.client, path))).toEqual(deniedAnswer);
    }
  });
});

describe('batches', () => {
  it('apply every write or none', async () => {
    const mine = `users/${alice.uid}/batch`;
    await setDoc(alice.client, `${mine}/keep`, { v: 1 });
    const failing = await batch(alice.client, [
      { op: 'set', path: `${mine}/a`, data: { v: 1 } },
      { op: 'update', path: `${mine}/keep`, data: { v: 2 } },
      { op: 'delete', path: `${mine}/keep` },
      { op: 'set', path: `users/${bob.uid}/x/y`, data: { v: 1 } },
    ]);
    expect(errorOf(failing)).toEqual(deniedAnswer);
    expect((await getDoc(alice.client, `${mine}/a`)).json()).toMatchObject({ exists: false });
    expect((await getDoc(alice.client, `${mine}/keep`)).json()).toMatchObject({ data: { v: 1 } });

    const invalid = await batch(alice.client, [
      { op: 'set', path: `${mine}/a`, data: { v: 1 } },
      { op: 'set', path: `${mine}/b`, data: { __x__: 1 } },
    ]);
    expect(errorOf(invalid)).toEqual({ status: 400, code: 'invalid-argument', message: 'Document fields cannot begin and end with "__"' });
    const missing = await batch(alice.client, [
      { op: 'set', path: `${mine}/a`, data: { v: 1 } },
      { op: 'update', path: `${mine}/none`, data: { v: 1 } },
    ]);
    expect(errorOf(missing)).toMatchObject({ status: 404, code: 'not-found' });
    expect((await getDoc(alice.client, `${mine}/a`)).json()).toMatchObject({ exists: false });

    const ok = await batch(alice.client, [
      { op: 'set', path: `${mine}/a`, data: { v: 1, m: { x: 1, y: 1 } } },
      { op: 'set', path: `${mine}/a`, data: { m: { y: 2 } }, merge: true },
      { op: 'update', path: `${mine}/a`, data: { 'm.z.deep': 3 } },
      { op: 'delete', path: `${mine}/keep` },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await getDoc(alice.client, `${mine}/a`)).json()).toMatchObject({ data: { v: 1, m: { x: 1, y: 2, z: { deep: 3 } } } });
    expect((await getDoc(alice.client, `${mine}/keep`)).json()).toMatchObject({ exists: false });
  });
});

describe('writes publish on the document and collection topics, in the same transaction', () => {
  it('a committed write publishes; a refused batch publishes nothing', async () => {
    const count = async (topic: string) => {
      const result = (await testApp.t.database.db.execute(
        (await import('drizzle-orm')).sql`select count(*)::int as n from live_events where topic = ${topic}`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    const path = `users/${alice.uid}/live/doc`;
    await setDoc(alice.client, path, { v: 1 });
    expect(await count(`document:${path}`)).toBe(1);
    expect(await count(`collection:users/${alice.uid}/live`)).toBe(1);
    await batch(alice.client, [
      { op: 'set', path, data: { v: 2 } },
      { op: 'set', path: 'lists/x', data: {} },
    ]);
    expect(await count(`document:${path}`)).toBe(1);
  });

  it('the live channel lets only readers follow document and collection topics', async () => {
    const follow = (client: HttpClient, topic: string) =>
      client.request({ method: 'GET', url: `/api/live?topics=${encodeURIComponent(topic)}` });
    const deniedTopics = [
      `document:users/${alice.uid}/live/doc`,
      `collection:users/${alice.uid}/live`,
      'document:lists/priv',
      'collection:other',
    ];
    for (const topic of deniedTopics) expect((await follow(bob.client, topic)).statusCode).toBe(403);
  });
});
