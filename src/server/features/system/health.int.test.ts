import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { healthSchema, readinessSchema } from '../../../shared/health';
import { POSSIBLY_STALE_HEADER } from '../../../shared/possibly-stale';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { testDatabaseUrl } from '../../../test-support/server/database';
import { startProxyFor, throughProxy, type TcpProxy } from '../../../test-support/server/tcp-proxy';
import { newestMigrationTag } from '../../db/migrate';

const newestMigration = newestMigrationTag();

const unavailable = {
  error: {
    code: 'unavailable',
    message: 'The database cannot be reached right now. Please try again in a moment.',
  },
};

let t: TestApp | undefined;
let proxy: TcpProxy | undefined;

afterEach(async () => {
  await t?.close();
  await proxy?.close();
  t = undefined;
  proxy = undefined;
});

/** Takes the database away and gives it back, whichever kind the suite runs on. */
async function appWithRemovableDatabase() {
  if (testDatabaseUrl) {
    const relay = (proxy = await startProxyFor(testDatabaseUrl));
    t = await createTestApp({ viaUrl: (url) => throughProxy(url, relay) });
    return { takeAway: () => proxy!.cut(), giveBack: () => proxy!.restore() };
  }
  t = await createTestApp({ onDisk: true, reopenDelayMs: 300 });
  const { database } = t;
  if (database.kind !== 'pglite') throw new Error('expected the embedded database');
  return {
    takeAway: async () => (await database.connection.instanceNow()).close(),
    giveBack: () => sleep(350),
  };
}

const readiness = async () => {
  const response = await t!.app.inject('/api/ready');
  return { statusCode: response.statusCode, body: readinessSchema.parse(response.json()) };
};

/** Holds the games table for `ms`: the catalogue cannot be read meanwhile (nor anything, embedded). */
function holdGames(ms: number): Promise<void> {
  return t!.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table games in access exclusive mode`);
    await sleep(ms);
  });
}

describe('GET /api/health', () => {
  it('reports the server and the database kind', async () => {
    t = await createTestApp();
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    const health = healthSchema.parse(response.json());
    expect(health.database.kind).toBe(testDatabaseUrl ? 'postgres' : 'pglite');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/ready', () => {
  it('answers 503 until the catalogue is read, 200 once it is, and health answers throughout', async () => {
    t = await createTestApp();
    const held = holdGames(1500);
    await sleep(100);
    await t.app.ready();

    const started = performance.now();
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);
    const waiting = await readiness();
    expect(waiting.statusCode).toBe(503);
    expect(waiting.body.status).toBe('not-ready');
    expect(waiting.body.checks.catalogue).toEqual({ ready: false, detail: 'The catalogue is still being read.' });

    await held;
    await expect.poll(async () => (await readiness()).statusCode, { timeout: 10_000 }).toBe(200);
    const ready = await readiness();
    expect(ready.body.status).toBe('ready');
    expect(Object.values(ready.body.checks).every((check) => check.ready)).toBe(true);
    expect(ready.body.checks.migrations.detail).toBe('Every migration is applied.');
  });
});

describe('when the database goes away', () => {
  it('answers the catalogue read before from memory, marked possibly stale, and the rest 503 unavailable; is not ready, stays alive, and recovers when it returns', async () => {
    const { takeAway, giveBack } = await appWithRemovableDatabase();
    expect((await t!.app.inject('/api/games')).statusCode).toBe(200);
    await expect.poll(async () => (await readiness()).statusCode, { timeout: 10_000 }).toBe(200);

    await takeAway();
    const list = await t!.app.inject('/api/games');
    expect(list.statusCode).toBe(200);
    expect(list.headers[POSSIBLY_STALE_HEADER]).toBeDefined();
    // Not read before the outage: nothing in memory to answer with.
    for (const url of ['/api/games/1', '/api/categories', '/api/system/database']) {
      const response = await t!.app.inject(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.json(), url).toEqual(unavailable);
    }
    expect((await t!.app.inject('/api/health')).statusCode).toBe(200);
    // The embedded database reopens itself within 300 ms: too soon for a check once a second to see it gone.
    if (testDatabaseUrl) {
      await expect.poll(async () => (await readiness()).statusCode, { timeout: 5000 }).toBe(503);
      expect((await readiness()).body.checks.database).toEqual({ ready: false, detail: 'The database cannot be reached.' });
    }

    await giveBack();
    await expect.poll(async () => (await t!.app.inject('/api/games/1')).statusCode, { timeout: 10_000 }).toBe(200);
    expect((await t!.app.inject('/api/games')).headers[POSSIBLY_STALE_HEADER]).toBeUndefined();
    await expect.poll(async () => (await readiness()).statusCode, { timeout: 5000 }).toBe(200);
  });
});

describe('GET /api/system/database', () => {
  it('lists the applied and pending migrations and never the connection details', async () => {
    t = await createTestApp();
    const response = await t.app.inject('/api/system/database');
    expect(response.statusCode).toBe(200);
    const status = response.json<{ kind: string; applied: string[]; pending: string[]; latencyMs: number }>();
    expect(status.kind).toBe(testDatabaseUrl ? 'postgres' : 'pglite');
    expect(status.applied.at(-1)).toBe(newestMigration);
    expect(status.applied[0]).toBe('0000_initial');
    expect(status.pending).toEqual([]);
    expect(status.latencyMs).toBeGreaterThanOrEqual(0);
    expect(response.body).not.toMatch(/postgres:\/\/|127\.0\.0\.1|password/i);
  });
});
