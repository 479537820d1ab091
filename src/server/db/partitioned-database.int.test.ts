import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { readinessSchema } from '../../shared/health';
import { POSSIBLY_STALE_HEADER } from '../../shared/possibly-stale';
import { createTestApp, testConfig, type TestApp } from '../../test-support/server/app';
import { testDatabaseUrl } from '../../test-support/server/database';
import { signUpMember } from '../../test-support/server/members';
import { renderedStateIn } from '../../test-support/server/rendered-page';
import { startProxyFor, throughProxy, type TcpProxy } from '../../test-support/server/tcp-proxy';

/** The default bounds: connect 3 s, statement 3 s, an answer at most 1 s after that. */
const ANSWER_WITHIN_MS = 5000;

/** What a visitor reads of the catalogue: lists, a search, a filtered list with its facets, a game page, similar games, categories, home. */
const CATALOGUE_READS = [
  '/api/games',
  '/api/games?q=neon',
  '/api/games?price=free&sort=top-rated',
  '/api/games/1',
  '/api/games/1/similar',
  '/api/categories',
  '/api/home',
];

let t: TestApp | undefined;
let proxy: TcpProxy | undefined;

afterEach(async () => {
  await proxy?.restore();
  await t?.close();
  await proxy?.close();
  t = undefined;
  proxy = undefined;
});

/** Milliseconds of every answer timed since the outage began. */
let outageWaits: number[] = [];

async function timed(ask: () => Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const response = await ask();
  const ms = performance.now() - started;
  outageWaits.push(ms);
  return { response, ms };
}

const visitorGet =
  (url: string, remoteAddress = '127.0.0.1') =>
  () =>
    t!.app.inject({ url, remoteAddress });
const readyStatus = async () => (await t!.app.inject('/api/ready')).statusCode;
/** Home as a visitor's browser asks for it; each `visit` its own address, so no kept page answers. */
const homePage = (visit: string) => t!.app.inject({ url: `/?visit=${visit}`, headers: { accept: 'text/html' } });
const errorCode = (response: LightMyRequestResponse) => response.json<{ error: { code: string } }>().error.code;

async function expectRefusedInTime(ask: () => Promise<LightMyRequestResponse>) {
  const { response, ms } = await timed(ask);
  expect(response.statusCode).toBe(503);
  expect(errorCode(response)).toBe('unavailable');
  expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
}

async function expectStaleAnswer(ask: () => Promise<LightMyRequestResponse>, before: string) {
  const { response, ms } = await timed(ask);
  expect(response.statusCode).toBe(200);
  expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
  expect(Date.parse(String(response.headers[POSSIBLY_STALE_HEADER]))).toBeGreaterThan(0);
  expect(response.headers['cache-control']).toContain('no-store');
  expect(response.json()).toEqual(JSON.parse(before));
}

const itemIds = (response: LightMyRequestResponse) => response.json<{ items: { id: string }[] }>().items.map((item) => item.id);

describe.skipIf(!testDatabaseUrl)('when the network drops PostgreSQL traffic', () => {
  it('answers catalogue reads from memory marked possibly stale, refuses writes and members’ own reads with 503 within seconds, is not ready, and recovers when traffic flows again', async () => {
    const relay = (proxy = await startProxyFor(testDatabaseUrl!));
    t = await createTestApp({ viaUrl: (url) => throughProxy(url, relay), timeouts: testConfig().databaseTimeouts });
    const { client: member } = await signUpMember(t.app);
    const before = new Map<string, string>();
    for (const url of CATALOGUE_READS) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers[POSSIBLY_STALE_HEADER], url).toBeUndefined();
      before.set(url, response.body);
    }
    expect(renderedStateIn((await homePage('before')).body)).toBeDefined();
    const memberList = await member.get('/api/games');
    expect(memberList.json<{ favouriteIds?: number[] }>().favouriteIds).toEqual([]);
    await expect.poll(readyStatus, { timeout: 10_000 }).toBe(200);

    relay.drop();
    outageWaits = [];
    for (const url of CATALOGUE_READS) await expectStaleAnswer(visitorGet(url), before.get(url)!);
    // A page is not rendered from possibly stale answers: the browser renders it and says so.
    const stalePage = await homePage('during');
    expect(stalePage.statusCode).toBe(200);
    expect(renderedStateIn(stalePage.body)).toBeUndefined();
    // A visitor the read budget has not seen yet (its first count needs the database) reads too.
    await expectStaleAnswer(visitorGet('/api/games', '10.77.0.1'), before.get('/api/games')!);
    // A member gets the catalogue a visitor gets, without their own part (hearts), rather than a refusal.
    const memberRead = await timed(() => member.get('/api/games'));
    expect(memberRead.response.statusCode).toBe(200);
    expect(memberRead.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(memberRead.response.headers[POSSIBLY_STALE_HEADER]).toBeDefined();
    expect(itemIds(memberRead.response)).toEqual(itemIds(memberList));
    expect(memberRead.response.json<{ favouriteIds?: number[] }>().favouriteIds).toBeUndefined();

    // Writes and a member's own reads are refused, each within the bound, one after the other.
    await expectRefusedInTime(() => member.request({ method: 'PUT', url: '/api/games/1/favourite' }));
    await expectRefusedInTime(() => member.get('/api/me/favourites'));
    await expectRefusedInTime(() => member.get('/api/games/1/viewer'));
    await expectRefusedInTime(() => member.post('/api/games/1/plays'));
    // A game not read before the outage has no page in memory: refused, not hung.
    await expectRefusedInTime(visitorGet('/api/games/2'));
    // Once the first answer has found the database away, none waits out the timeouts again: a
    // page asking for these one after the other (a game page took 7 s) still answers within the bound.
    const afterTheFirst = outageWaits.slice(1).reduce((sum, ms) => sum + ms, 0);
    expect(afterTheFirst).toBeLessThan(ANSWER_WITHIN_MS);

    await expect.poll(readyStatus, { timeout: ANSWER_WITHIN_MS }).toBe(503);
    const notReady = readinessSchema.parse((await t.app.inject('/api/ready')).json());
    expect(notReady.checks.database.ready).toBe(false);
    const health = await timed(visitorGet('/api/health'));
    expect(health.response.statusCode).toBe(200);
    expect(health.ms).toBeLessThan(500);

    await relay.restore();
    await expect.poll(async () => (await t!.app.inject('/api/games')).headers[POSSIBLY_STALE_HEADER], { timeout: 10_000 }).toBeUndefined();
    await expect.poll(readyStatus, { timeout: 10_000 }).toBe(200);
    const saved = await member.request({ method: 'PUT', url: '/api/games/1/favourite' });
    expect(saved.statusCode).toBe(200);
    const hearts = await member.get('/api/games');
    expect(hearts.headers[POSSIBLY_STALE_HEADER]).toBeUndefined();
    expect(hearts.json<{ favouriteIds?: number[] }>().favouriteIds).toContain(1);
  });
});
