import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePageSchema } from '../../../shared/games';
import { createTestApp, type TestApp } from '../../test/app';
import { member } from '../submissions/submission-fixtures';
import { invalidateCatalogueCache } from './catalogue-cache';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOGUE_CACHE_MS: '1000' } });
});
afterAll(() => t.close());

async function list(query = '') {
  const response = await t.app.inject(`/api/games?pageSize=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return gamePageSchema.parse(response.json());
}

// Behind the app's back, as another server instance would: only a catalogue event tells.
const setPlayCount = (id: number, n: number) => t.database.db.execute(sql`update games set play_count = ${n} where id = ${id}`);

describe('the catalogue cache', () => {
  it('shows a new total and counts within the live delay when an admin unpublishes a game', async () => {
    const admin = await member(t, 'admin', 'Ada Admin');
    const before = await list();
    expect((await list('&sort=title')).total).toBe(before.total);
    const gone = before.items.find((game) => game.price === 'paid')!;
    expect((await admin.client.post(`/api/moderation/games/${gone.id}/unpublish`, { reason: 'Broken' })).statusCode).toBe(200);
    // The page remembered a moment ago is forgotten when the unpublish event arrives.
    await expect.poll(async () => (await list('&sort=title')).total, { timeout: 1000, interval: 50 }).toBe(before.total - 1);
    const after = await list('&sort=title');
    expect(after.facets.price).toEqual({ free: before.facets.price.free, paid: before.facets.price.paid - 1 });
    expect(after.items.map((game) => game.id)).not.toContain(gone.id);
  });

  it('on a catalogue event shows new play counts at once', async () => {
    const before = await list('&sort=most-played');
    const last = before.items.at(-1)!;
    await setPlayCount(Number(last.id), 99_000_000);
    invalidateCatalogueCache();
    const after = await list('&sort=most-played');
    expect(after.items[0]).toMatchObject({ id: last.id, playCount: 99_000_000 });
  });

  it('shows a game page as it is after any catalogue event', async () => {
    const game = (await t.app.inject('/api/games/3')).json() as { playCount: number };
    await setPlayCount(3, game.playCount + 7);
    invalidateCatalogueCache();
    expect((await t.app.inject('/api/games/3')).json()).toMatchObject({ id: 3, playCount: game.playCount + 7 });
  });

  it('never answers older than the ttl, even with no event', async () => {
    const before = await list();
    const game = before.items[0]!;
    await setPlayCount(Number(game.id), game.playCount + 5);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await list();
    expect(after.items.find((item) => item.id === game.id)!.playCount).toBe(game.playCount + 5);
  });
});
