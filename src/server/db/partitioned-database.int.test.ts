import { afterEach, describe, expect, it } from 'vitest';
import { readinessSchema } from '../../shared/health';
import { createTestApp, testConfig, type TestApp } from '../../test-support/server/app';
import { testDatabaseUrl } from '../../test-support/server/database';
import { startProxyFor, throughProxy, type TcpProxy } from '../../test-support/server/tcp-proxy';

/** The default bounds: connect 3 s, statement 3 s, an answer at most 1 s after that. */
const ANSWER_WITHIN_MS = 5000;

let t: TestApp | undefined;
let proxy: TcpProxy | undefined;

afterEach(async () => {
  await proxy?.restore();
  await t?.close();
  await proxy?.close();
  t = undefined;
  proxy = undefined;
});

async function timed(url: string) {
  const started = performance.now();
  const response = await t!.app.inject(url);
  return { response, ms: performance.now() - started };
}

const readyStatus = async () => (await t!.app.inject('/api/ready')).statusCode;

describe.skipIf(!testDatabaseUrl)('when the network drops PostgreSQL traffic', () => {
  it('answers 503 within seconds, is not ready, and recovers when traffic flows again', async () => {
    const relay = (proxy = await startProxyFor(testDatabaseUrl!));
    t = await createTestApp({ viaUrl: (url) => throughProxy(url, relay), timeouts: testConfig().databaseTimeouts });
    expect((await t.app.inject('/api/games')).statusCode).toBe(200);
    await expect.poll(readyStatus, { timeout: 10_000 }).toBe(200);

    relay.drop();
    const list = await timed('/api/games');
    expect(list.response.statusCode).toBe(503);
    expect(list.response.json<{ error: { code: string } }>().error.code).toBe('unavailable');
    expect(list.ms).toBeLessThan(ANSWER_WITHIN_MS);
    const game = await timed('/api/games/1');
    expect(game.response.statusCode).toBe(503);
    expect(game.ms).toBeLessThan(ANSWER_WITHIN_MS);

    await expect.poll(readyStatus, { timeout: ANSWER_WITHIN_MS }).toBe(503);
    const notReady = readinessSchema.parse((await t.app.inject('/api/ready')).json());
    expect(notReady.checks.database.ready).toBe(false);
    const health = await timed('/api/health');
    expect(health.response.statusCode).toBe(200);
    expect(health.ms).toBeLessThan(500);

    await relay.restore();
    await expect.poll(async () => (await t!.app.inject('/api/games')).statusCode, { timeout: 10_000 }).toBe(200);
    await expect.poll(readyStatus, { timeout: 10_000 }).toBe(200);
  });
});
