// Finding 8: /api/live checked a topic's access only at subscribe. A follower of a public list
// kept receiving its change events after the owner made it private, and an account signed out
// or banned kept its stream of private events. Access is now checked as every event flows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionTopic, documentTopic, userTopic } from '../../shared/live';
import { documentMember, setDoc, updateDoc } from '../../test-support/documents/helpers';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { testDatabaseUrl } from '../../test-support/server/database';
import type { HttpClient } from '../../test-support/server/http-client';
import { listenOnLoopback, SseClient, type SseEvent } from '../../test-support/server/sse-client';
import { member } from '../../test-support/submission-fixtures';
import type { PostgresDatabase } from '../db/client';
import { notify } from '../features/notifications/service';

let t: TestApp;
let base: string;
const open: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listenOnLoopback(t.app);
});
afterAll(async () => {
  for (const client of open) client.close();
  await t.close();
});

async function follow(topics: string[], client?: HttpClient, query = '') {
  const headers: Record<string, string> = client ? { cookie: client.cookieHeader } : {};
  const stream = await SseClient.open(`${base}/api/live?topics=${topics.map(encodeURIComponent).join(',')}${query}`, headers);
  open.push(stream);
  return stream;
}

const list = (ownerId: string, extra: Record<string, unknown> = {}) => ({
  ownerId,
  name: 'Cosy puzzles',
  description: '',
  public: true,
  games: [],
  ...extra,
});
const kinds = (events: SseEvent[]) => events.map((event) => `${event.event} ${JSON.parse(event.data).topic}`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('a follower of a public list that its owner makes private', () => {
  it('gets no further content events for it, only a "revoked" event, while the owner’s own stream carries on', async () => {
    const owner = await documentMember(t.app);
    const follower = await documentMember(t.app);
    const path = `lists/made-private-${Date.now()}`;
    const topic = documentTopic(path);
    expect((await setDoc(owner.client, path, list(owner.uid))).statusCode).toBe(200);

    const followerStream = await follow([topic], follower.client);
    const visitorStream = await follow([topic]);
    const ownerStream = await follow([topic], owner.client);
    for (const stream of [followerStream, visitorStream, ownerStream]) expect(stream.response.status).toBe(200);

    await updateDoc(owner.client, path, { description: 'Still public' });
    await followerStream.waitForEvents(1);
    await updateDoc(owner.client, path, { public: false });
    for (const description of ['Secret one', 'Secret two', 'Secret three']) await updateDoc(owner.client, path, { description });

    await ownerStream.waitForEvents(5);
    expect(kinds(ownerStream.events)).toEqual(Array(5).fill(`change ${topic}`));
    await settle();
    for (const stream of [followerStream, visitorStream]) {
      expect(kinds(stream.events)).toEqual([`change ${topic}`, `revoked ${topic}`]);
      expect(stream.events[1]!.id).toBeUndefined();
      expect(stream.isEnded).toBe(false);
    }
  });

  it('cannot get the missed events back by resuming from an earlier id', async () => {
    const owner = await documentMember(t.app);
    const follower = await documentMember(t.app);
    const path = `lists/resumed-${Date.now()}`;
    await setDoc(owner.client, path, list(owner.uid));
    const first = await follow([documentTopic(path)], follower.client);
    await updateDoc(owner.client, path, { description: 'Seen while public' });
    const [seen] = await first.waitForEvents(1);
    await updateDoc(owner.client, path, { public: false });
    await updateDoc(owner.client, path, { description: 'Private now' });
    // Public again: resuming may go on, but what was written while private is not replayed.
    await updateDoc(owner.client, path, { public: true, description: 'Public again' });

    const resumed = await follow([documentTopic(path)], follower.client, `&lastEventId=${seen!.id}`);
    const [next] = await resumed.waitForEvents(1);
    await settle();
    expect(resumed.events).toHaveLength(1);
    expect(JSON.parse(next!.data)).toMatchObject({ topic: documentTopic(path), payload: { path, op: 'update' } });
    // The only event after `seen` that a visitor may have is the one that made it public again.
    const ids = (await (await follow([documentTopic(path)], owner.client, `&lastEventId=${seen!.id}`)).waitForEvents(3)).map((e) => e.id);
    expect(next!.id).toBe(ids[2]);
  });

  // On PostgreSQL, events settle only once every older transaction has ended (decision 0027): a
  // transaction held open makes the resumed history arrive after the replay, as the hub's.
  it.runIf(testDatabaseUrl)('is not revoked by history that settles only after the resume (PostgreSQL)', async () => {
    const owner = await documentMember(t.app);
    const follower = await documentMember(t.app);
    const path = `lists/settles-late-${Date.now()}`;
    await setDoc(owner.client, path, list(owner.uid));
    const first = await follow([documentTopic(path)], follower.client);
    await updateDoc(owner.client, path, { description: 'Seen while public' });
    const [seen] = await first.waitForEvents(1);

    const { pool } = t.database as PostgresDatabase;
    const older = await pool.connect();
    let resumed: SseClient;
    try {
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      await updateDoc(owner.client, path, { public: false });
      await updateDoc(owner.client, path, { description: 'Private now' });
      await updateDoc(owner.client, path, { public: true, description: 'Public again' });
      resumed = await follow([documentTopic(path)], follower.client, `&lastEventId=${seen!.id}`);
      await settle();
      expect(resumed.events).toEqual([]);
    } finally {
      await older.query('commit');
      older.release();
    }
    const [next] = await resumed.waitForEvents(1);
    await settle();
    expect(kinds(resumed.events)).toEqual([`change ${documentTopic(path)}`]);
    expect(JSON.parse(next!.data)).toMatchObject({ payload: { path, op: 'update' } });
  });

  it('is refused a new subscription while it is private, and so is a deleted list’s follower after its deletion', async () => {
    const owner = await documentMember(t.app);
    const follower = await documentMember(t.app);
    const path = `lists/deleted-${Date.now()}`;
    await setDoc(owner.client, path, list(owner.uid));
    const stream = await follow([documentTopic(path), collectionTopic('lists')], follower.client);
    await owner.client.request({ method: 'DELETE', url: `/api/documents/${path}` });
    await stream.waitForEvents(2);
    expect(kinds(stream.events)).toEqual([`revoked ${documentTopic(path)}`, `change ${collectionTopic('lists')}`]);
    await setDoc(owner.client, path, list(owner.uid, { public: false }));
    expect((await follow([documentTopic(path)], follower.client)).response.status).toBe(403);
  });
});

describe('a stream of private events whose session ends', () => {
  const notifyNow = (userId: string) =>
    t.database.db.transaction((tx) => notify(tx, userId, { kind: 'test', title: 'For your eyes', body: 'Private', link: '/my-games' }));

  it('signed out: the user topic is revoked at its next event, and nothing private goes out', async () => {
    const someone = await member(t);
    const stream = await follow([userTopic(someone.id), collectionTopic(`users/${someone.id}/notes`)], someone.client);
    await notifyNow(someone.id);
    await stream.waitForEvents(1);
    expect((await someone.client.post('/api/auth/sign-out')).statusCode).toBe(200);
    await notifyNow(someone.id);
    await notifyNow(someone.id);
    await stream.waitForEvents(2);
    await settle();
    expect(kinds(stream.events)).toEqual([`change ${userTopic(someone.id)}`, `revoked ${userTopic(someone.id)}`]);
  });

  it('banned by an admin: the same', async () => {
    const admin = await member(t, 'admin', 'Ada Admin');
    const someone = await member(t);
    const stream = await follow([userTopic(someone.id)], someone.client);
    expect((await admin.client.post('/api/auth/admin/ban-user', { userId: someone.id, banReason: 'spam' })).statusCode).toBe(200);
    await notifyNow(someone.id);
    await stream.waitForEvents(1);
    await settle();
    expect(kinds(stream.events)).toEqual([`revoked ${userTopic(someone.id)}`]);
  });
});
