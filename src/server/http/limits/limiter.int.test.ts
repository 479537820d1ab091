import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/server/database';
import { limitCounters } from '../../db/schema';
import { batchedHits } from './batched-hits';
import { createLimiter, type BackoffPolicy, type Limiter } from './limiter';

let t: TestDatabase;
let limiter: Limiter;
beforeAll(async () => {
  t = await createTestDatabase();
  limiter = createLimiter(t.database);
});
afterAll(() => t.destroy());

let keys = 0;
const newKey = () => `test:${++keys}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quick: BackoffPolicy = { free: 2, firstWaitSeconds: 0.5, maxSeconds: 1, forgetAfterSeconds: 60, refusalRestartsWait: false };

describe('the shared limiter', () => {
  it('counts hits in a window that starts with the first and then starts again', async () => {
    const key = newKey();
    // A window long enough that two hits land in it on a busy machine.
    expect((await limiter.hit(key, 1500)).count).toBe(1);
    const second = await limiter.hit(key, 1500);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(1500);
    await sleep(1600);
    expect((await limiter.hit(key, 1500)).count).toBe(1);
  });

  it('counts racing hits exactly', async () => {
    const key = newKey();
    const counts = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(key, 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("counts several keys in one statement, each in its own window, answering in the keys' order", async () => {
    const [busy, fresh] = [newKey(), newKey()];
    for (let i = 0; i < 3; i++) await limiter.hit(busy, 60_000);
    const [freshCount, busyCount] = await limiter.hitAll([fresh, busy], 60_000);
    expect(freshCount!.count).toBe(1);
    expect(busyCount!.count).toBe(4);
    const racing = await Promise.all(Array.from({ length: 10 }, () => limiter.hitAll([busy, fresh], 60_000)));
    expect(racing.map(([ofBusy]) => ofBusy!.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 5));
    expect(racing.map(([, ofFresh]) => ofFresh!.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 2));
  });

  it('lets `free` attempts through, then makes each wait twice as long, up to the cap', async () => {
    const key = newKey();
    expect(await limiter.attempt(key, quick)).toEqual({ allowed: true });
    expect(await limiter.attempt(key, quick)).toEqual({ allowed: true }); // the next waits 0.5 s
    expect(await limiter.attempt(key, quick)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await sleep(550);
    expect(await limiter.attempt(key, quick)).toEqual({ allowed: true }); // the next waits 1 s
    await sleep(400);
    expect((await limiter.attempt(key, quick)).allowed).toBe(false);
    await sleep(700);
    expect(await limiter.attempt(key, quick)).toEqual({ allowed: true }); // 2 s, capped at 1 s
    await sleep(1100);
    expect(await limiter.attempt(key, quick)).toEqual({ allowed: true });
  });

  it('lets exactly `free` of many racing attempts through', async () => {
    const key = newKey();
    const policy = { ...quick, firstWaitSeconds: 60, maxSeconds: 60 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => limiter.attempt(key, policy)));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(2);
  });

  it('restarts the wait on a refused try when the policy says so', async () => {
    const key = newKey();
    const restarting = { ...quick, free: 1, firstWaitSeconds: 0.6, refusalRestartsWait: true };
    await limiter.attempt(key, restarting); // blocked until 0.6 s
    await sleep(400);
    expect((await limiter.attempt(key, restarting)).allowed).toBe(false); // until 1.0 s
    await sleep(400);
    expect((await limiter.attempt(key, restarting)).allowed).toBe(false); // until 1.4 s
    await sleep(700);
    expect((await limiter.attempt(key, restarting)).allowed).toBe(true);
  });

  it('starts a failed attempt’s wait when it failed, and forgets keys it is told to', async () => {
    const key = newKey();
    const policy = { ...quick, free: 1, firstWaitSeconds: 0.6 };
    await limiter.attempt(key, policy); // blocked until 0.6 s
    await sleep(500);
    await limiter.failed(key, policy); // until 1.1 s
    await sleep(300);
    expect((await limiter.attempt(key, policy)).allowed).toBe(false);
    await limiter.reset([key]);
    expect(await limiter.attempt(key, policy)).toEqual({ allowed: true });
  });

  it('deletes expired counters and keeps the rest', async () => {
    const expired = newKey();
    const live = newKey();
    await limiter.hit(expired, 1);
    await limiter.hit(live, 60_000);
    await sleep(20);
    expect(await limiter.cleanUp()).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(limitCounters).where(eq(limitCounters.key, expired))).toEqual([]);
    expect(await t.database.db.select().from(limitCounters).where(eq(limitCounters.key, live))).toHaveLength(1);
  });
});

describe('hits counted in batches', () => {
  it('still counts the hits being written while their write is on its way', async () => {
    const key = newKey();
    const hits = batchedHits(limiter, 60_000);
    for (let i = 1; i <= 3; i++) expect((await hits.hit(key, 60_000)).count).toBe(i);
    const writing = hits.flush();
    // The flush has taken the two batched hits and waits on the database; this read comes between.
    expect((await hits.hit(key, 60_000)).count).toBe(4);
    await writing;
    expect((await hits.hit(key, 60_000)).count).toBe(5);
    await hits.flush();
    const [row] = await t.database.db.select().from(limitCounters).where(eq(limitCounters.key, key));
    expect(row!.count).toBe(5);
  });
});
