import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test-support/server/app';
import { signUpMember } from '../../test-support/server/members';
import { selectRows } from '../db/client';

// Public reads answer any origin (never with credentials) and carry their rate limit; nothing
// else under /api answers another origin.

const OTHER_SITE = 'https://elsewhere.example';
const BUDGET = 5;
const MEMBER_BUDGET = 8;
let t: TestApp;
let address = 0;
/** Each test its own client address, so budgets do not mix. */
const newAddress = () => `10.77.0.${++address}`;

beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_READS_PER_MINUTE_PER_ADDRESS: String(BUDGET), PUBLIC_READS_PER_MINUTE_PER_MEMBER: String(MEMBER_BUDGET) },
  });
});
afterAll(() => t.close());

const fromOtherSite = (
  method: 'GET' | 'POST' | 'OPTIONS',
  url: string,
  headers: Record<string, string> = {},
  remoteAddress = newAddress(),
) => t.app.inject({ method, url, remoteAddress, headers: { origin: OTHER_SITE, ...headers } });

describe('CORS', () => {
  it('lets any origin read the catalogue, categories, health and the API document, without credentials', async () => {
    for (const url of ['/api/games', '/api/games/1', '/api/categories', '/api/health', '/api/openapi.json']) {
      const response = await fromOtherSite('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(response.headers['access-control-expose-headers'], url).toContain('x-ratelimit-remaining');
    }
  });

  it('answers no other origin on a write or on a per-user read', async () => {
    const { client } = await signUpMember(t.app);
    const me = await client.request({ method: 'GET', url: '/api/me', headers: { origin: OTHER_SITE } });
    expect(me.headers['access-control-allow-origin']).toBeUndefined();
    const write = await fromOtherSite('POST', '/api/games/1/plays');
    expect(write.statusCode).toBe(403);
    expect(write.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight for a public read, and none for anything else', async () => {
    const preflight = await fromOtherSite('OPTIONS', '/api/games/1', { 'access-control-request-method': 'GET' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    for (const [url, method] of [
      ['/api/games/1/plays', 'POST'],
      ['/api/me', 'GET'],
      ['/api/games', 'DELETE'],
    ]) {
      const refused = await fromOtherSite('OPTIONS', url!, { 'access-control-request-method': method! });
      expect(refused.statusCode, url).toBe(204);
      expect(refused.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});

describe('the public read limit', () => {
  it('counts down in the headers, then answers 429 with when to try again', async () => {
    const ip = newAddress();
    const remaining: number[] = [];
    for (let i = 0; i < BUDGET; i++) {
      const response = await fromOtherSite('GET', '/api/categories', {}, ip);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-limit']).toBe(String(BUDGET));
      expect(Number(response.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      remaining.push(Number(response.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = await fromOtherSite('GET', '/api/games', {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect(refused.json().error).toMatchObject({ code: 'resource-exhausted' });
    expect(refused.json().error.message).toMatch(
      /^That is more reads than we answer for one address in a minute\. Try again in \d+ seconds\.$/,
    );
    // Another address still has its own budget.
    expect((await fromOtherSite('GET', '/api/games')).statusCode).toBe(200);
  });

  it('is kept in the shared limit store, so every instance counts together, written in batches', async () => {
    const ip = newAddress();
    // The counter another instance on the same database reads.
    const sharedCount = async () => {
      const [row] = await selectRows<{ count: number }>(
        t.database,
        sql`select count from limit_counters where key = ${`reads:address:${ip}`}`,
      );
      return Number(row?.count);
    };
    await fromOtherSite('GET', '/api/categories', {}, ip);
    expect(await sharedCount()).toBe(1);
    for (let i = 0; i < 3; i++) await fromOtherSite('GET', '/api/categories', {}, ip);
    // Not a database write per read: the rest reach the shared count within a second.
    expect(await sharedCount()).toBe(1);
    await expect.poll(sharedCount, { timeout: 5000 }).toBe(4);
  });

  it('leaves per-user reads alone, and the probes, which answer without the database', async () => {
    for (const url of ['/api/me', '/api/health', '/api/ready']) {
      expect((await fromOtherSite('GET', url)).headers['x-ratelimit-limit'], url).toBeUndefined();
    }
  });
});

describe('members’ reads (issue 32, finding 4)', () => {
  /** A school's or a carrier's one address, shared by everyone behind it. */
  const read = (url: string, remoteAddress: string, cookie = '') =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: cookie ? { cookie } : {} });
  const signedInMember = async () => {
    const { client } = await signUpMember(t.app);
    const { user } = (await client.get('/api/me')).json();
    return { id: user.id as string, cookie: client.cookieHeader };
  };

  it('many members behind one address each keep reading past the address’s budget, and a visitor there is still held to it', async () => {
    const shared = newAddress();
    const members = await Promise.all([signedInMember(), signedInMember(), signedInMember()]);
    for (const member of members) {
      for (let i = 0; i < BUDGET + 2; i++) {
        const response = await read('/api/categories', shared, member.cookie);
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-ratelimit-limit']).toBe(String(MEMBER_BUDGET));
      }
    }
    // 21 reads from the address so far, by members: the visitor beside them has all of its budget.
    const visitor = [];
    for (let i = 0; i <= BUDGET; i++) visitor.push(await read('/api/games', shared));
    expect(visitor.slice(0, BUDGET).map((response) => response.statusCode)).toEqual(Array(BUDGET).fill(200));
    expect(visitor[0]!.headers['x-ratelimit-remaining']).toBe(String(BUDGET - 1));
    expect(visitor[BUDGET]!.statusCode).toBe(429);
    expect(visitor[BUDGET]!.json().error.message).toMatch(/^That is more reads than we answer for one address in a minute\./);
    // The members are still reading.
    expect((await read('/api/games', shared, members[0]!.cookie)).statusCode).toBe(200);
  });

  it('holds a member to their own budget, from any address, counted in the shared store', async () => {
    const member = await signedInMember();
    for (let i = 0; i < MEMBER_BUDGET; i++) expect((await read('/api/categories', newAddress(), member.cookie)).statusCode).toBe(200);
    const refused = await read('/api/games', newAddress(), member.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatchObject({ code: 'resource-exhausted' });
    expect(refused.json().error.message).toMatch(
      /^That is more reads than we answer for one member in a minute\. Try again in \d+ seconds\.$/,
    );
    const sharedCount = async () => {
      const [row] = await selectRows<{ count: number }>(
        t.database,
        sql`select count from limit_counters where key = ${`reads:member:${member.id}`}`,
      );
      return Number(row?.count);
    };
    await expect.poll(sharedCount, { timeout: 5000 }).toBe(MEMBER_BUDGET + 1);
  });

  it('counts a cookie that names no session, and the shared demo account, by address', async () => {
    const ip = newAddress();
    const junk = await read('/api/categories', ip, 'better-auth.session_token=not-a-session.sig');
    expect(junk.headers['x-ratelimit-limit']).toBe(String(BUDGET));
    const demo = await t.app.inject({ method: 'POST', url: '/api/demo/sign-in', remoteAddress: ip, headers: { origin: TEST_BASE_URL } });
    expect(demo.statusCode).toBe(200);
    const demoCookie = (demo.cookies as { name: string; value: string }[]).map((c) => `${c.name}=${c.value}`).join('; ');
    const asDemo = await read('/api/categories', ip, demoCookie);
    expect(asDemo.headers['x-ratelimit-limit']).toBe(String(BUDGET));
    expect(asDemo.headers['x-ratelimit-remaining']).toBe(String(BUDGET - 2));
  });
});
