import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { signUpMember } from '../../../test-support/server/members';
import { gamePlays } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function player() {
  return (await signUpMember(t.app, { name: 'Player' })).client;
}

const playCountOf = async (id: number) => (await t.app.inject(`/api/games/${id}`)).json().playCount as number;

describe('playing a game', () => {
  it('needs an account', async () => {
    const response = await new HttpClient(t.app).post('/api/games/1/plays');
    expect(response.statusCode).toBe(401);
  });

  it('counts a play once per user per game per hour', async () => {
    const before = await playCountOf(2);
    const alice = await player();
    const first = await alice.post('/api/games/2/plays');
    expect(first.json()).toEqual({ counted: true, playCount: before + 1, playUrl: '/play/knucklewise' });
    const refresh = await alice.post('/api/games/2/plays');
    expect(refresh.json()).toMatchObject({ counted: false, playCount: before + 1 });
    const bob = await player();
    expect((await bob.post('/api/games/2/plays')).json()).toMatchObject({ counted: true, playCount: before + 2 });
    expect(await playCountOf(2)).toBe(before + 2);

    // An hour later the same player counts again.
    await t.database.db.update(gamePlays).set({ playedAt: new Date(Date.now() - 61 * 60 * 1000) });
    expect((await alice.post('/api/games/2/plays')).json()).toMatchObject({ counted: true, playCount: before + 3 });
  });

  it('counts two quick clicks once', async () => {
    const before = await playCountOf(3);
    const client = await player();
    const results = await Promise.all([client.post('/api/games/3/plays'), client.post('/api/games/3/plays')]);
    expect(results.map((r) => r.json().counted).sort()).toEqual([false, true]);
    expect(await playCountOf(3)).toBe(before + 1);
  });

  it('answers 404 for an unknown game and 400 for a bad id, counting nothing', async () => {
    const client = await player();
    expect((await client.post('/api/games/99999/plays')).statusCode).toBe(404);
    expect((await client.post('/api/games/abc/plays')).statusCode).toBe(400);
    expect(await t.database.db.select().from(gamePlays).where(eq(gamePlays.gameId, 99999))).toEqual([]);
  });

  it('opens an honest page for a sample game, and the not-found page for anything else', async () => {
    const page = await t.app.inject('/play/knucklewise');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This is a sample game.');
    expect(page.body).toContain('Knucklewise');
    expect((await t.app.inject('/play/not-a-game')).statusCode).toBe(404);
  });
});

describe('favourites', () => {
  it('are added, listed newest first, checked on a page of cards, and removed', async () => {
    const client = await player();
    for (const id of [5, 1, 9])
      expect((await client.request({ method: 'PUT', url: `/api/games/${id}/favourite` })).json()).toEqual({ favourite: true });
    expect((await client.request({ method: 'PUT', url: '/api/games/5/favourite' })).statusCode).toBe(200);
    const listed = (await client.get('/api/me/favourites')).json();
    expect(listed.items.map((g: { id: string }) => g.id)).toEqual(['9', '1', '5']);
    expect(listed.total).toBe(3);
    expect((await client.get('/api/me/favourites/among?ids=1,2,3,9')).json()).toEqual({ ids: [1, 9] });
    await client.request({ method: 'DELETE', url: '/api/games/1/favourite' });
    expect((await client.get('/api/me/favourites/among?ids=1,9')).json()).toEqual({ ids: [9] });
  });

  it("come with a member's catalogue page, for its games only, and keep that page out of shared caches", async () => {
    const client = await player();
    for (const id of [2, 3]) expect((await client.request({ method: 'PUT', url: `/api/games/${id}/favourite` })).statusCode).toBe(200);
    const page = await client.get('/api/games?sort=title&page=1&pageSize=48');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const { items, favouriteIds } = page.json<{ items: { id: string }[]; favouriteIds: number[] }>();
    expect(favouriteIds).toEqual([2, 3]);
    const onePage = (await client.get('/api/games?sort=title&page=1&pageSize=1')).json<{
      items: { id: string }[];
      favouriteIds: number[];
    }>();
    expect(onePage.favouriteIds).toEqual([2, 3].filter((id) => id === Number(onePage.items[0]!.id)));
    expect(items.length).toBeGreaterThan(2);
    const visitors = await new HttpClient(t.app).get('/api/games?sort=title&page=1&pageSize=48');
    expect(visitors.json()).not.toHaveProperty('favouriteIds');
    expect(visitors.headers['cache-control']).not.toBe('private, no-store');
  });

  it("are each user's own", async () => {
    const mine = await player();
    await mine.request({ method: 'PUT', url: '/api/games/4/favourite' });
    const theirs = await player();
    expect((await theirs.get('/api/me/favourites')).json()).toMatchObject({ items: [], total: 0 });
    await theirs.request({ method: 'DELETE', url: '/api/games/4/favourite' });
    expect((await mine.get('/api/me/favourites/among?ids=4')).json()).toEqual({ ids: [4] });
  });

  it('refuse bad input and signed-out visitors', async () => {
    const client = await player();
    expect((await client.request({ method: 'PUT', url: '/api/games/99999/favourite' })).statusCode).toBe(404);
    expect((await client.get('/api/me/favourites/among?ids=1;drop')).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await client.get(`/api/me/favourites/among?ids=${tooMany}`)).statusCode).toBe(400);
    expect((await client.get('/api/me/favourites?pageSize=500')).statusCode).toBe(400);
    expect((await new HttpClient(t.app).get('/api/me/favourites')).statusCode).toBe(401);
    expect((await new HttpClient(t.app).request({ method: 'PUT', url: '/api/games/1/favourite' })).statusCode).toBe(401);
  });
});

describe('more like this', () => {
  it('suggests other games, those sharing categories and AI roles first', async () => {
    const response = await t.app.inject('/api/games/1/similar?limit=3');
    expect(response.statusCode).toBe(200);
    const { items } = response.json() as { items: { id: string; categories: string[] }[] };
    expect(items).toHaveLength(3);
    expect(items.map((g) => g.id)).not.toContain('1');
    const source = (await t.app.inject('/api/games/1')).json() as { categories: string[] };
    expect(items[0]!.categories.some((c) => source.categories.includes(c))).toBe(true);
  });

  it('refuses bad limits and unknown games', async () => {
    expect((await t.app.inject('/api/games/1/similar?limit=50')).statusCode).toBe(400);
    expect((await t.app.inject('/api/games/99999/similar')).statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('show a new play count at once', async () => {
    const app = await buildTestApp({ config: testConfig(), database: t.database });
    try {
      const countIn = async () =>
        ((await app.inject('/api/games?pageSize=100')).json().items as { id: string; playCount: number }[]).find((game) => game.id === '7')!
          .playCount;
      const before = await countIn();
      const { client } = await signUpMember(app, { name: 'C' });
      expect((await client.post('/api/games/7/plays')).json().counted).toBe(true);
      expect(await countIn()).toBe(before + 1);
    } finally {
      await app.close();
    }
  });
});
