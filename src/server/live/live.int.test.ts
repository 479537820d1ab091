import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueTopic, gameTopic, userTopic } from '../../shared/live';
import { compareLiveCursors, parseLiveCursor } from '../../shared/live-cursor';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../test-support/server/app';
import { testDatabaseUrl } from '../../test-support/server/database';
import type { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import { listenOnLoopback, SseClient } from '../../test-support/server/sse-client';
import { startTcpProxy } from '../../test-support/server/tcp-proxy';
import { createDatabase } from '../db/client';
import { listenForEvents } from './notifications';
import { publish } from './publish';

let t: TestApp;
let base: string;
let player: HttpClient;
const open: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { HOME_CACHE_MS: '1000' } });
  base = await listenOnLoopback(t.app);
  player = (await signUpMember(t.app, { name: 'Player' })).client;
});
afterAll(async () => {
  for (const client of open) client.close();
  await t.close();
});

async function subscribe(topics: string[], headers: Record<string, string> = {}, query = '') {
  const client = await SseClient.open(`${base}/api/live?topics=${topics.map(encodeURIComponent).join(',')}${query}`, headers);
  open.push(client);
  return client;
}

/** A play by a new member (a member's play counts once an hour per game); `onPlay` marks when it is sent. */
async function playAsNewMember(gameId: number) {
  const { client } = await signUpMember(t.app, { name: 'Fan' });
  const response = await client.post(`/api/games/${gameId}/plays`);
  expect(response.json()).toMatchObject({ counted: true });
  return response.json().playCount as number;
}

/** Publishes on a topic in its own committed transaction, as a service would. */
const publishNow = (topic: string, payload: Record<string, unknown>) => t.database.db.transaction((tx) => publish(tx, topic, payload));

describe('GET /api/live', () => {
  it('streams a counted play to a subscriber of the game, uncompressed, with the SSE and security headers', async () => {
    const stream = await subscribe([gameTopic(4)], { 'accept-encoding': 'gzip, br' });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toContain('no-cache');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');

    const playCount = await playAsNewMember(4);
    // How fast it arrives is bench/live.ts's to measure: a busy machine must not fail this.
    const [event] = await stream.waitForEvents(1);
    expect(event!.event).toBe('change');
    expect(parseLiveCursor(event!.id!)?.id).toBeGreaterThan(0);
    expect(stream.data()[0]).toEqual({ topic: 'game:4', payload: { change: 'stats', playCount } });
  });

  it('sends only the subscribed topics', async () => {
    const stream = await subscribe([gameTopic(5)]);
    await playAsNewMember(6);
    await playAsNewMember(5);
    await stream.waitForEvents(1);
    await publishNow(gameTopic(5), { change: 'marker' });
    await stream.waitForEvents(2);
    expect(stream.data().map((event) => event.topic)).toEqual(['game:5', 'game:5']);
  });

  it('tells catalogue subscribers, and lists show the new count at once despite the list cache', async () => {
    const listed = async () =>
      (await t.app.inject('/api/games?pageSize=24')).json().items.find((game: { id: string }) => game.id === '7').playCount as number;
    const before = await listed();
    expect(await listed()).toBe(before); // now cached for a second
    const stream = await subscribe([catalogueTopic]);
    await playAsNewMember(7);
    await stream.waitForEvents(1);
    expect(stream.data()[0]).toEqual({ topic: 'catalogue', payload: { gameId: 7, change: 'stats' } });
    expect(await listed()).toBe(before + 1);
  });

  it('never delivers the events of a transaction that rolled back', async () => {
    const stream = await subscribe([gameTopic(8)]);
    await expect(
      t.database.db.transaction(async (tx) => {
        await publish(tx, gameTopic(8), { change: 'rolled-back' });
        throw new Error('change abandoned');
      }),
    ).rejects.toThrow('change abandoned');
    await publishNow(gameTopic(8), { change: 'committed' });
    await stream.waitForEvents(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.data().map((event) => event.payload.change)).toEqual(['committed']);
  });

  it('rejects missing, unknown, malformed and too many topics with 400', async () => {
    const tooMany = Array.from({ length: 51 }, (_, i) => gameTopic(i + 1)).join(',');
    for (const query of [
      '',
      '?topics=',
      '?topics=weather',
      '?topics=game:abc',
      '?topics=game:0',
      '?topics=catalogue,user:',
      '?topics=document:lists//x',
      `?topics=${tooMany}`,
      '?topics=catalogue&lastEventId=soon',
    ]) {
      const response = await t.app.inject(`/api/live${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code, query).toBe('invalid-argument');
    }
  });

  it("lets a user follow their own topic only: 401 for visitors, 403 for someone else's", async () => {
    const me = (await player.get('/api/me')).json().user.id as string;
    const other = await signUpMember(t.app, { name: 'Other' });
    const otherId = (await other.client.get('/api/me')).json().user.id as string;

    const visitor = await t.app.inject(`/api/live?topics=${userTopic(me)}`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('unauthenticated');
    const someoneElse = await player.get(`/api/live?topics=catalogue,${userTopic(otherId)}`);
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().error.code).toBe('permission-denied');
    const privateDocument = await player.get(`/api/live?topics=document:users/${otherId}/settings/ui`);
    expect(privateDocument.statusCode).toBe(403);

    const own = await subscribe([userTopic(me)], { cookie: player.cookieHeader });
    expect(own.response.status).toBe(200);
    await publishNow(userTopic(me), { change: 'notifications' });
    await own.waitForEvents(1);
    expect(own.data()).toEqual([{ topic: `user:${me}`, payload: { change: 'notifications' } }]);
  });

  it('resumes after Last-Event-ID with exactly the missed events, once, then live ones', async () => {
    const topics = [gameTopic(9), gameTopic(10)];
    const first = await subscribe(topics);
    await publishNow(gameTopic(9), { n: 1 });
    const [seen] = await first.waitForEvents(1);
    first.close();

    await publishNow(gameTopic(10), { n: 2 });
    await publishNow(gameTopic(11), { n: 'other topic' });
    await publishNow(gameTopic(9), { n: 3 });
    const resumed = await subscribe(topics, { 'last-event-id': seen!.id! });
    await resumed.waitForEvents(2);
    await publishNow(gameTopic(10), { n: 4 });
    await resumed.waitForEvents(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(resumed.data().map((event) => event.payload.n)).toEqual([2, 3, 4]);
    const cursors = resumed.events.map((event) => parseLiveCursor(event.id!)!);
    expect(cursors).toEqual([...cursors].sort(compareLiveCursors));
    expect(new Set(resumed.events.map((event) => event.id)).size).toBe(3);
  });

  it('tells a new stream where it stands, so a reconnect before any event still misses nothing', async () => {
    const first = await subscribe([gameTopic(11)]);
    await publishNow(catalogueTopic, { n: 'opens the stream' });
    await vi.waitFor(() => expect(first.readyId).toMatch(/^\d+-\d+$/));
    first.close();
    await publishNow(gameTopic(11), { n: 'missed' });
    const resumed = await subscribe([gameTopic(11)], { 'last-event-id': first.readyId! });
    await resumed.waitForEvents(1);
    expect(resumed.data()).toEqual([{ topic: 'game:11', payload: { n: 'missed' } }]);
  });

  it('resumes from a lastEventId in the URL too, and while events keep arriving', async () => {
    const topics = [gameTopic(12)];
    const first = await subscribe(topics);
    await publishNow(gameTopic(12), { n: 0 });
    const [seen] = await first.waitForEvents(1);
    first.close();
    for (let n = 1; n <= 20; n++) await publishNow(gameTopic(12), { n });
    // Events go on being published while the client reconnects and its replay runs.
    const publishing = (async () => {
      for (let n = 21; n <= 40; n++) await publishNow(gameTopic(12), { n });
    })();
    const resumed = await subscribe(topics, {}, `&lastEventId=${seen!.id}`);
    await publishing;
    await resumed.waitForEvents(40);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(resumed.data().map((event) => event.payload.n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('sends a retry delay first and ends open streams when the server closes', async () => {
    const app = await buildTestApp({ config: testConfig(), database: t.database });
    const url = await listenOnLoopback(app);
    const stream = await SseClient.open(`${url}/api/live?topics=catalogue`);
    expect(stream.response.status).toBe(200);
    await app.close();
    expect(stream.isEnded || (await stream.waitForEvents(1, 1000).catch(() => stream.isEnded))).toBe(true);
  });
});

describe.runIf(testDatabaseUrl)('two server instances on one PostgreSQL database', () => {
  it('deliver each other’s events: a play counted on A reaches a subscriber on B', async () => {
    const instanceB = await buildTestApp({ config: testConfig(), database: t.database });
    try {
      const urlB = await listenOnLoopback(instanceB);
      const stream = await SseClient.open(`${urlB}/api/live?topics=${gameTopic(3)}`);
      open.push(stream);
      await new Promise((resolve) => setTimeout(resolve, 300)); // B's LISTEN is up
      const playCount = await playAsNewMember(3); // through instance A
      await stream.waitForEvents(1);
      expect(stream.data()[0]).toEqual({ topic: 'game:3', payload: { change: 'stats', playCount } });
    } finally {
      await instanceB.close();
    }
  });

  it('leave no connection behind when closed while their LISTEN is still being set up', async () => {
    const target = new URL(t.location.url!);
    // A database slow to accept connections: the LISTEN connection is still on its way at close.
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432), { connectDelayMs: 300 });
    const slow = createDatabase({ url: Object.assign(new URL(target), { host: `127.0.0.1:${proxy.port}` }).href });
    try {
      const source = listenForEvents(slow, { onNotify: () => undefined, onListening: () => undefined }, t.app.log);
      await source.close();
      // Ending the pool waits for every connection it lent: a leaked LISTEN client never comes back.
      const ended = await Promise.race([
        slow.close().then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
      ]);
      expect(ended).toBe('ended');
    } finally {
      await proxy.close();
    }
  });

  it('re-establish a lost LISTEN connection and catch up on what was published meanwhile', async () => {
    const target = new URL(t.location.url!);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = createDatabase({ url: Object.assign(new URL(target), { host: `127.0.0.1:${proxy.port}` }).href });
    const instanceC = await buildTestApp({ config: testConfig(), database: proxied });
    try {
      const stream = await SseClient.open(`${await listenOnLoopback(instanceC)}/api/live?topics=${gameTopic(2)}`);
      open.push(stream);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await proxy.cut();
      await publishNow(gameTopic(2), { n: 'while cut off' });
      await proxy.restore();
      await stream.waitForEvents(1, 5000);
      await publishNow(gameTopic(2), { n: 'after' });
      await stream.waitForEvents(2, 2000);
      expect(stream.data().map((event) => event.payload.n)).toEqual(['while cut off', 'after']);
    } finally {
      await instanceC.close();
      await proxied.close();
      await proxy.close();
    }
  });
});
