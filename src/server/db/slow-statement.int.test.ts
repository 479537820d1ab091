import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/server/app';

const SLEEP_SECONDS = 1.5;
/** "Well under the sleep": a request that waited behind it would take more than 1.5 s. */
const QUICK_MS = 500;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function timed(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, ms: performance.now() - started };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Until the server has settled: ready, and its start-up jobs done writing (on the embedded
 * database any write sends the catalogue to look for changes, which would then queue behind
 * the slow statement like any other query).
 */
async function settled(): Promise<void> {
  while ((await timed('/api/ready')).status !== 200) await pause(100);
  const { database } = t;
  if (database.kind !== 'pglite') return;
  let before: number | undefined;
  do {
    before = database.connection.writesWhileOpen();
    await pause(300);
  } while (before !== database.connection.writesWhileOpen());
}

const quickPages = ['/api/health', '/api/sign-in-methods', '/api/games?sort=title'];

describe('a slow statement', () => {
  it('holds up no request that can answer without waiting for it', async () => {
    await settled();
    for (const url of quickPages) expect((await timed(url)).status).toBe(200);

    const started = performance.now();
    let sleepEndedAt: number | undefined;
    const sleeping = t.database.db
      .execute(sql.raw(`select pg_sleep(${SLEEP_SECONDS})`))
      .then(() => void (sleepEndedAt = performance.now()));
    // Let the statement reach the database before the requests start.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const answers = [];
    for (const url of quickPages) answers.push({ url, ...(await timed(url)) });
    const answeredAt = performance.now();
    await sleeping;

    for (const answer of answers) {
      expect(answer.status, answer.url).toBe(200);
      expect(answer.ms, answer.url).toBeLessThan(QUICK_MS);
    }
    // The requests were answered while the statement still ran.
    expect(sleepEndedAt! - started).toBeGreaterThanOrEqual(SLEEP_SECONDS * 1000 - 50);
    expect(answeredAt).toBeLessThan(sleepEndedAt!);
  });
});
