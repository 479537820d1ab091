import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePageSchema } from '../../../shared/games';
import { createTestApp, type TestApp } from '../../test/app';
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
const setFree = (id: number) => t.database.db.execute(sql`update games set price_amount = null where id = ${id}`);

describe('the catalogue cache', () => {
  it('keeps facet counts across orders and pages, and forgets them on a catalogue event', async () => {
    const before = await list();
    const paidGame = before.items.find((game) => game.price === 'paid')!;
    await setFree(Number(paidGame.id));
    // Same filters, another order: the counts are the remembered ones.
    expect((await list('&sort=title')).facets.price).toEqual(before.facets.price);
    invalidateCatalogueCache();
    const after = await list('&sort=title');
    expect(after.facets.price).toEqual({ free: before.facets.price.free + 1, paid: before.facets.price.paid - 1 });
    expect((await list('&price=free')).total).toBe(before.facets.price.free + 1);
  });

  it('on a plays-only event shows new play counts at once and keeps the counts', async () => {
    const before = await list('&sort=most-played');
    const last = before.items.at(-1)!;
    await setPlayCount(Number(last.id), 99_000_000);
    await setFree(Number(before.items.find((game) => game.price === 'paid')!.id));
    invalidateCatalogueCache('stats');
    const after = await list('&sort=most-played');
    expect(after.items[0]).toMatchObject({ id: last.id, playCount: 99_000_000 });
    // Plays cannot change counts, so the remembered ones stay (a real price change would
    // come with its own catalogue event).
    expect(after.facets).toEqual(before.facets);
  });

  it('shows a game page as it is after any catalogue event', async () => {
    const game = (await t.app.inject('/api/games/3')).json() as { playCount: number };
    await setPlayCount(3, game.playCount + 7);
    invalidateCatalogueCache('stats');
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
