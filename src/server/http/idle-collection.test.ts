import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenQuiet } from './idle-collection';

const MB = 1024 * 1024;

/** An app whose heap the test sets, and which counts the collections asked for. */
async function quietApp() {
  vi.useFakeTimers();
  const app = Fastify();
  app.get('/', async () => 'ok');
  let used = 100 * MB;
  const collections: number[] = [];
  collectWhenQuiet([app], {
    quietMs: 5_000,
    growthBytes: 64 * MB,
    heapUsed: () => used,
    collect: () => {
      collections.push(Date.now());
      used = 120 * MB;
    },
  });
  await app.ready();
  return { app, collections, grow: (bytes: number) => (used += bytes) };
}

afterEach(() => vi.useRealTimers());

describe('collecting the heap once the server is quiet', () => {
  it('collects once after a burst has grown the heap and no request has come for a while', async () => {
    const { app, collections, grow } = await quietApp();
    await app.inject('/');
    grow(200 * MB);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(collections).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(collections).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collections).toHaveLength(1);
    await app.close();
  });

  it('waits while requests keep coming', async () => {
    const { app, collections, grow } = await quietApp();
    grow(200 * MB);
    for (let second = 0; second < 30; second++) {
      await app.inject('/');
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(collections).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(collections).toHaveLength(1);
    await app.close();
  });

  it('leaves a heap that has grown little alone', async () => {
    const { app, collections, grow } = await quietApp();
    await app.inject('/');
    grow(10 * MB);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collections).toHaveLength(0);
    await app.close();
  });
});
