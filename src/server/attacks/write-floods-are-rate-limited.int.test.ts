import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../test-support/server/app';
import { testDatabaseUrl } from '../../test-support/server/database';
import { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import { makePng, multipartBody } from '../../test-support/test-images';
import { documents, favourites, gamePlays, reviews, uploads, users } from '../db/schema';

// Finding 10: nothing but uploads had a per-client limit, so one account (or one address with
// many accounts) could write as fast as the server answers. Now every write under /api outside
// /api/auth counts against a budget a minute per signed-in user and per address, shared by all
// instances, and the next one answers 429 resource-exhausted with Retry-After.

let t: TestApp;
let dataDir: string;
// Budgets a sixth of the defaults (120 and 600): the same refusals, after a sixth of the writes.
const env = () => ({ DATA_DIR: dataDir, WRITES_PER_MINUTE_PER_USER: '20', WRITES_PER_MINUTE_PER_ADDRESS: '100' });
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-write-limits-'));
  t = await createTestApp({ env: env() });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const perUser = () => t.config.writeLimits.perUserPerMinute;

async function attacker() {
  const { client, email } = await signUpMember(t.app, { name: 'Flooder' });
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { client, userId: user!.id };
}

/** Spends the whole budget: every one of these is answered by the route itself. */
async function spend(budget: number, write: (i: number) => Promise<LightMyRequestResponse>) {
  for (let i = 0; i < budget; i++) {
    const response = await write(i);
    expect(response.statusCode, `write ${i + 1} of ${budget}`).not.toBe(429);
  }
}

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json().error).toEqual({
    code: 'resource-exhausted',
    message: expect.stringMatching(/^That is more changes than we accept in a minute\. Try again in \d+ seconds?\.$/),
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers['x-ratelimit-remaining']).toBe('0');
}

function upload(client: HttpClient, file: Buffer) {
  const { payload, contentType } = multipartBody(file);
  return client.request({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType } });
}

// Each flood is a minute's budget of real writes: slower than most tests.
const FLOOD = { timeout: 120_000 };

describe('one account flooding a route', FLOOD, () => {
  it('plays: the play past the budget is refused and not counted', async () => {
    const { client, userId } = await attacker();
    await spend(perUser(), () => client.post('/api/games/1/plays'));
    expectRefused(await client.post('/api/games/2/plays'));
    const plays = await t.database.db
      .select()
      .from(gamePlays)
      .where(and(eq(gamePlays.userId, userId), eq(gamePlays.gameId, 2)));
    expect(plays).toEqual([]);
  });

  it('favourites: the favourite past the budget is refused and not stored', async () => {
    const { client, userId } = await attacker();
    await spend(perUser(), (i) => client.request({ method: i % 2 === 0 ? 'PUT' : 'DELETE', url: '/api/games/1/favourite' }));
    expectRefused(await client.request({ method: 'PUT', url: '/api/games/2/favourite' }));
    expect(await t.database.db.select().from(favourites).where(eq(favourites.userId, userId))).toEqual([]);
  });

  it('reviews: the review past the budget is refused and not stored', async () => {
    const { client, userId } = await attacker();
    const first = await client.post('/api/games/1/reviews', { stars: 4, body: 'Clever opponents.' });
    expect(first.statusCode).toBe(201);
    const id = first.json().id as number;
    await spend(perUser() - 1, (i) =>
      client.request({ method: 'PUT', url: `/api/reviews/${id}`, payload: { stars: 3, body: `Edit ${i}` } }),
    );
    expectRefused(await client.post('/api/games/2/reviews', { stars: 1, body: 'Flood.' }));
    const mine = await t.database.db.select({ gameId: reviews.gameId }).from(reviews).where(eq(reviews.userId, userId));
    expect(mine).toEqual([{ gameId: 1 }]);
  });

  it('documents: the write past the budget is refused and not stored', async () => {
    const { client, userId } = await attacker();
    await spend(perUser(), (i) =>
      client.request({ method: 'PUT', url: `/api/documents/users/${userId}/notes/a`, payload: { data: { n: i } } }),
    );
    expectRefused(await client.request({ method: 'PUT', url: `/api/documents/users/${userId}/notes/b`, payload: { data: { n: 0 } } }));
    expect(
      await t.database.db
        .select()
        .from(documents)
        .where(eq(documents.path, `users/${userId}/notes/b`)),
    ).toEqual([]);
    // Reads, including queries sent as POST, are not writes.
    expect((await client.get(`/api/documents/users/${userId}/notes/a`)).statusCode).toBe(200);
    const query = await client.post('/api/documents:query', { collection: `users/${userId}/notes`, query: {} });
    expect(query.statusCode).toBe(200);
  });

  it('uploads: refused before the image is read, and nothing is stored', async () => {
    const { client, userId } = await attacker();
    await spend(perUser(), () => upload(client, Buffer.alloc(0)));
    expectRefused(await upload(client, await makePng(64, 64)));
    expect(await t.database.db.select().from(uploads).where(eq(uploads.userId, userId))).toEqual([]);
  });

  it('tells the client its budget on every write', async () => {
    const { client } = await attacker();
    const response = await client.post('/api/games/3/plays');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-ratelimit-limit']).toBe(String(perUser()));
    expect(response.headers['x-ratelimit-remaining']).toBe(String(perUser() - 1));
    expect(Number(response.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
  });
});

describe('many accounts from one address', FLOOD, () => {
  it('share the address’s budget: once it is spent, a fresh account there is refused too', async () => {
    const address = '10.9.9.9';
    const anonymous = new HttpClient(t.app, address);
    await spend(t.config.writeLimits.perAddressPerMinute, () => anonymous.post('/api/games/1/plays'));
    const { client: signedUp } = await attacker();
    const sameAddress = new HttpClient(t.app, address);
    const refused = await sameAddress.request({ method: 'POST', url: '/api/games/4/plays', headers: { cookie: signedUp.cookieHeader } });
    expectRefused(refused);
    // The account itself still has its own budget from another address.
    expect((await signedUp.post('/api/games/4/plays')).statusCode).toBe(200);
  });
});

describe('the shared demo account', FLOOD, () => {
  it('is counted per address only: its many visitors do not use up each other’s budget', async () => {
    const share = Math.ceil(perUser() * 0.6);
    for (const address of ['10.9.7.1', '10.9.7.2']) {
      const visitor = new HttpClient(t.app, address);
      expect((await visitor.post('/api/demo/sign-in')).statusCode).toBe(200);
      await spend(share, (i) => visitor.request({ method: i % 2 === 0 ? 'PUT' : 'DELETE', url: '/api/games/5/favourite' }));
    }
  });
});

describe.runIf(testDatabaseUrl)('two server instances on one PostgreSQL database', FLOOD, () => {
  it('count one account’s writes together', async () => {
    const other = await buildTestApp({ config: testConfig(env()), database: t.database });
    try {
      const { client, userId } = await attacker();
      const onOther = new HttpClient(other, '10.9.8.7');
      const write = (i: number) =>
        (i % 2 === 0 ? client : onOther).request({
          method: 'PUT',
          url: `/api/documents/users/${userId}/notes/shared`,
          payload: { data: { n: i } },
          headers: { cookie: client.cookieHeader },
        });
      await spend(perUser(), write);
      expectRefused(await write(perUser()));
      expectRefused(await write(perUser() + 1));
    } finally {
      await other.close();
    }
  });
});
