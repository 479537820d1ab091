import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { healthSchema } from '../../../shared/health';
import { newestMigrationTag } from '../../db/migrate';
import { createTestApp, type TestApp } from '../../test/app';
import { testDatabaseUrl } from '../../test/database';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';

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
    const target = new URL(testDatabaseUrl);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = (url: string) => {
      const parsed = new URL(url);
      parsed.host = `127.0.0.1:${proxy!.port}`;
      return parsed.href;
    };
    t = await createTestApp({ viaUrl: viaProxy });
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

describe('GET /api/health', () => {
  it('reports the database kind and the schema version', async () => {
    t = await createTestApp();
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    const health = healthSchema.parse(response.json());
    expect(health.database.kind).toBe(testDatabaseUrl ? 'postgres' : 'pglite');
    expect(health.database.schemaVersion).toBe(newestMigration);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('when the database goes away', () => {
  it('answers 503 unavailable, keeps running, and recovers when it returns', async () => {
    const { takeAway, giveBack } = await appWithRemovableDatabase();
    expect((await t!.app.inject('/api/games')).statusCode).toBe(200);

    await takeAway();
    for (const url of ['/api/games', '/api/games/1', '/api/categories', '/api/health']) {
      const response = await t!.app.inject(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.json(), url).toEqual(unavailable);
    }

    await giveBack();
    await expect
      .poll(async () => (await t!.app.inject('/api/games')).statusCode, { timeout: 10_000 })
      .toBe(200);
    expect((await t!.app.inject('/api/health')).statusCode).toBe(200);
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
