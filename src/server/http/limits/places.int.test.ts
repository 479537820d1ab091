import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/server/database';
import { createPlaces, type Places } from './places';

let t: TestDatabase;
let places: Places;
const LEASE_MS = 600;

beforeAll(async () => {
  t = await createTestDatabase();
  places = createPlaces(t.database, LEASE_MS);
});
afterAll(() => t.destroy());

let keys = 0;
const newKey = () => `test-places:${++keys}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('shared places', () => {
  it('gives out at most `most` places under a key, however many ask at once', async () => {
    const key = newKey();
    const taken = await Promise.all(Array.from({ length: 30 }, () => places.take(key, 10)));
    const held = taken.filter((place) => place !== undefined);
    expect(held).toHaveLength(10);
    expect(new Set(held.map((place) => place.key)).size).toBe(10);
    expect(await places.take(newKey(), 10)).toBeDefined();
  });

  it('frees a released place at once, and a late release of a place taken since frees nothing', async () => {
    const key = newKey();
    const first = (await places.take(key, 1))!;
    expect(await places.take(key, 1)).toBeUndefined();
    await places.release(first);
    const second = (await places.take(key, 1))!;
    expect(second.key).toBe(first.key);
    await places.release(first); // the first holder, once more: not its place any longer
    expect(await places.take(key, 1)).toBeUndefined();
  });

  it('lets the places of a holder that stopped renewing (a crashed instance) go when their lease ends', async () => {
    const key = newKey();
    await places.take(key, 2);
    await places.take(key, 2);
    expect(await places.take(key, 2)).toBeUndefined();
    await sleep(LEASE_MS + 100);
    expect(await places.take(key, 2)).toBeDefined();
  });

  it('keeps renewed places past their first lease, and tells the holder of one it lost', async () => {
    const key = newKey();
    const kept = (await places.take(key, 2))!;
    const abandoned = (await places.take(key, 2))!;
    for (let i = 0; i < 3; i++) {
      await sleep(LEASE_MS / 2);
      expect(await places.renew([kept])).toEqual([]);
    }
    // The abandoned place's lease ended: someone else takes it; its late renewal finds it lost.
    const newcomer = (await places.take(key, 2))!;
    expect(newcomer.key).toBe(abandoned.key);
    expect(await places.take(key, 2)).toBeUndefined();
    expect(await places.renew([kept, abandoned])).toEqual([abandoned]);
  });
});
