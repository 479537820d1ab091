import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameDetailSchema, gamePageSchema } from '../../shared/games';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { member } from '../../test-support/submission-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function list(query = '') {
  const response = await t.app.inject(`/api/games?pageSize=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return gamePageSchema.parse(response.json());
}

async function gamePage(id: number) {
  const response = await t.app.inject(`/api/games/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return gameDetailSchema.parse(response.json());
}

// Behind the app's back, as psql, a script or another server instance would, with no event.
const setPlayCount = (id: number, n: number) => t.database.db.execute(sql`update games set play_count = ${n} where id = ${id}`);

describe('lists and game pages', () => {
  it('show a new total, counts and page the moment an admin unpublishes a game', async () => {
    const admin = await member(t, 'admin', 'Ada Admin');
    const before = await list('&sort=title');
    const gone = before.items.find((game) => game.price === 'paid')!;
    expect((await admin.client.post(`/api/moderation/games/${gone.id}/unpublish`, { reason: 'Broken' })).statusCode).toBe(200);
    const after = await list('&sort=title');
    expect(after.total).toBe(before.total - 1);
    expect(after.facets.price).toEqual({ free: before.facets.price.free, paid: before.facets.price.paid - 1 });
    expect(after.items.map((game) => game.id)).not.toContain(gone.id);
    expect((await t.app.inject(`/api/games/${gone.id}`)).statusCode).toBe(404);
  });

  it("show a change made behind the app's back at once, in order and on the game page", async () => {
    const before = await list('&sort=most-played');
    const last = before.items.at(-1)!;
    await setPlayCount(Number(last.id), 99_000_000);
    expect((await list('&sort=most-played')).items[0]).toMatchObject({ id: last.id, playCount: 99_000_000 });
    expect(await gamePage(Number(last.id))).toMatchObject({ playCount: 99_000_000 });
  });

  it('show a new description on the game page and find the game by its new words at once', async () => {
    await t.database.db.execute(sql`update games set description = 'A **quetzal** guides you.' where id = 3`);
    expect((await gamePage(3)).description).toBe('A **quetzal** guides you.');
    expect((await list('&q=quetzal')).items.map((game) => game.id)).toEqual(['3']);
  });
});
