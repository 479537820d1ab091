import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameTopic } from '../../shared/live';
import { buildTestApp, createTestApp, type TestApp } from '../../test-support/server/app';
import { signUpMember } from '../../test-support/server/members';
import { listenOnLoopback, SseClient } from '../../test-support/server/sse-client';
import { selectRows } from '../db/client';
import { publish } from './publish';

// Open event streams are capped per member and per address (issue 32), here at 3 and 5: one more
// is refused with 429, the open ones go on, and a stream that ends gives its place back at once.

const PER_MEMBER = 3;
const PER_ADDRESS = 5;
const env = {
  LIVE_STREAMS_PER_MEMBER: String(PER_MEMBER),
  LIVE_STREAMS_PER_ADDRESS: String(PER_ADDRESS),
  TRUST_PROXY: '127.0.0.1',
  // As in production: a client trying again and again is looked up once a second, not each time.
  SESSION_CACHE_MS: '1000',
};

let t: TestApp;
let base: string;
const open: SseClient[] = [];
let addresses = 0;
const newAddress = () => `10.61.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ env });
  base = await listenOnLoopback(t.app);
});
afterAll(async () => {
  for (const client of open) client.close();
  await t.close();
});

async function openStream(from: { address: string; cookie?: string }, topic = gameTopic(3), url = base) {
  const headers: Record<string, string> = { 'x-forwarded-for': from.address, ...(from.cookie ? { cookie: from.cookie } : {}) };
  const client = await SseClient.open(`${url}/api/live?topics=${encodeURIComponent(topic)}`, headers);
  open.push(client);
  return client;
}

async function expectRefused(stream: SseClient, message: RegExp) {
  expect(stream.response.status).toBe(429);
  expect(await stream.response.json()).toEqual({ error: { code: 'resource-exhausted', message: expect.stringMatching(message) } });
}

/** Opens a stream again and again until one is let in (a place given back is free within a moment). */
async function openOnceFree(from: { address: string; cookie?: string }, url = base, withinMs = 2000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const stream = await openStream(from, gameTopic(3), url);
    if (stream.response.status === 200 || Date.now() > deadline) return stream;
    await stream.response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const member = async () => ({ cookie: (await signUpMember(t.app)).client.cookieHeader });
const publishNow = (topic: string, payload: Record<string, unknown>) => t.database.db.transaction((tx) => publish(tx, topic, payload));
const placesHeld = async (kind: 'member' | 'address') =>
  Number(
    (
      await selectRows<{ n: number }>(
        t.database,
        sql`select count(*)::int as n from limit_counters where key like ${`live-streams:${kind}:%`} and expires_at > now()`,
      )
    )[0]!.n,
  );

describe('open live streams per member', () => {
  it('refuses one more than the cap with 429 resource-exhausted, and the open ones keep receiving events', async () => {
    const { cookie } = await member();
    const topic = gameTopic(21);
    const streams = [];
    for (let i = 0; i < PER_MEMBER; i++) streams.push(await openStream({ address: newAddress(), cookie }, topic));
    expect(streams.map((stream) => stream.response.status)).toEqual(Array<number>(PER_MEMBER).fill(200));

    // From yet another address: the member's own cap refuses it.
    await expectRefused(await openStream({ address: newAddress(), cookie }, topic), /^This account has 3 live connections open already/);
    // Another member is not held back by this one's streams.
    expect((await openStream({ address: newAddress(), cookie: (await member()).cookie }, topic)).response.status).toBe(200);

    await publishNow(topic, { n: 1 });
    for (const stream of streams)
      expect((await stream.waitForEvents(1)).map((event) => JSON.parse(event.data))).toEqual([{ topic, payload: { n: 1 } }]);
  });

  it('gives a place back as soon as the client closes its stream', async () => {
    const { cookie } = await member();
    const streams = [];
    for (let i = 0; i < PER_MEMBER; i++) streams.push(await openStream({ address: newAddress(), cookie }));
    await expectRefused(await openStream({ address: newAddress(), cookie }), /live connections/);
    streams[0]!.close();
    const again = await openOnceFree({ address: newAddress(), cookie });
    expect(again.response.status).toBe(200);
    await expectRefused(await openStream({ address: newAddress(), cookie }), /live connections/);
  });

  it('gives every place back when an instance shuts down, without waiting for the leases', async () => {
    const { cookie } = await member();
    const other = await buildTestApp({ config: t.config, database: t.database });
    const otherUrl = await listenOnLoopback(other);
    for (let i = 0; i < PER_MEMBER; i++)
      expect((await openStream({ address: newAddress(), cookie }, gameTopic(3), otherUrl)).response.status).toBe(200);
    await expectRefused(await openStream({ address: newAddress(), cookie }), /live connections/);
    await other.close();
    // The leases last 30 s; the places are free at once.
    for (let i = 0; i < PER_MEMBER; i++) expect((await openStream({ address: newAddress(), cookie })).response.status).toBe(200);
  });
});

describe('open live streams per address', () => {
  it('refuses one more than the cap from one address, visitors and members alike, and lets other addresses in', async () => {
    const address = newAddress();
    for (let i = 0; i < PER_ADDRESS - 1; i++) expect((await openStream({ address })).response.status).toBe(200);
    expect((await openStream({ address, ...(await member()) })).response.status).toBe(200);
    await expectRefused(await openStream({ address }), /^Your network has 5 live connections open to this site already/);
    await expectRefused(await openStream({ address, ...(await member()) }), /^Your network has 5/);
    expect((await openStream({ address: newAddress() })).response.status).toBe(200);
  });

  it('counts an IPv6 /64 as one address', async () => {
    for (let i = 1; i <= PER_ADDRESS; i++) expect((await openStream({ address: `2001:db8:61:1::${i}` })).response.status).toBe(200);
    await expectRefused(await openStream({ address: '2001:db8:61:1:ffff::9' }), /^Your network has 5/);
    expect((await openStream({ address: '2001:db8:61:2::1' })).response.status).toBe(200);
  });
});

describe('a client that keeps trying past its cap', () => {
  const ATTEMPTS = 2000;
  it('leaves the server’s memory and the stored places as they were', { timeout: 120_000 }, async () => {
    const from = { address: newAddress(), ...(await member()) };
    for (let i = 0; i < PER_MEMBER; i++) await openStream({ ...from, address: newAddress() });
    const heldBefore = [await placesHeld('member'), await placesHeld('address')];
    const attempt = async () => {
      const response = await fetch(`${base}/api/live?topics=catalogue`, {
        headers: { 'x-forwarded-for': from.address, cookie: from.cookie },
      });
      await response.arrayBuffer();
      return response.status;
    };
    // Ten at a time, as a tab reloaded in a loop or a script would.
    const refusedAttempts = async (count: number) => {
      const statuses = new Set<number>();
      for (let i = 0; i < count; i += 10) for (const status of await Promise.all(Array.from({ length: 10 }, attempt))) statuses.add(status);
      expect([...statuses]).toEqual([429]);
    };
    v8.setFlagsFromString('--expose-gc');
    const collectGarbage = vm.runInNewContext('gc') as () => void;
    const heapAfterGc = () => {
      collectGarbage();
      collectGarbage();
      return process.memoryUsage().heapUsed;
    };
    await refusedAttempts(200); // warm: code compiled, pools filled
    const before = heapAfterGc();
    const started = Date.now();
    await refusedAttempts(ATTEMPTS);
    const grown = heapAfterGc() - before;
    const figure = `heap grew by ${(grown / 1024 / 1024).toFixed(1)} MB over ${ATTEMPTS} refused attempts in ${Date.now() - started} ms`;
    // A request kept per attempt (its socket, its closures) would be well over 5 KB each: 10 MB.
    expect(grown, figure).toBeLessThan(6 * 1024 * 1024);
    expect([await placesHeld('member'), await placesHeld('address')]).toEqual(heldBefore);
  });
});
