import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameViewerSchema } from '../../../shared/game-viewer';
import { gameDetailSchema } from '../../../shared/games';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { member } from '../../../test-support/submission-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const viewerOf = async (client: HttpClient, url: string) => {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return gameViewerSchema.parse(response.json());
};

describe('GET /api/games/:id/viewer', () => {
  it("carries the first page of the maker's update posts when asked, the same as the updates' own endpoint", async () => {
    const visitor = new HttpClient(t.app);
    expect((await viewerOf(visitor, '/api/games/3/viewer')).updates).toBeUndefined();
    const asked = await viewerOf(visitor, '/api/games/3/viewer?updates=5');
    expect(asked.updates).toEqual((await visitor.get('/api/games/3/updates?page=1&pageSize=5')).json());
    const tooMany = await visitor.get('/api/games/3/viewer?updates=21');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toContain('updates');
  });

  it('gives a signed-in viewer their favourites, review and rating, and similar games, in one answer', async () => {
    const viewer = await member(t);
    expect(await viewerOf(viewer.client, '/api/games/2/viewer')).toEqual({
      favouriteIds: [],
      myReview: { review: null, yourGame: false },
      follow: { following: false, followers: 0 },
      workStatus: { status: 'working', lastCheckedAt: null },
      similar: { items: [] },
    });

    expect((await viewer.client.request({ method: 'PUT', url: '/api/games/2/favourite' })).statusCode).toBe(200);
    expect((await viewer.client.post('/api/games/2/reviews', { stars: 4, body: 'Witty companions.' })).statusCode).toBe(201);
    const answer = await viewerOf(viewer.client, '/api/games/2/viewer?similar=4');
    expect(answer.favouriteIds).toEqual([2]);
    expect(answer.myReview?.review).toMatchObject({ stars: 4, body: 'Witty companions.' });
    expect(answer.similar.items.length).toBeGreaterThan(0);
    expect(answer.similar.items.length).toBeLessThanOrEqual(4);
    expect(answer.similar).toEqual((await t.app.inject('/api/games/2/similar?limit=4')).json());

    const liked = Number(answer.similar.items[0]!.id);
    expect((await viewer.client.request({ method: 'PUT', url: `/api/games/${liked}/favourite` })).statusCode).toBe(200);
    const again = await viewerOf(viewer.client, '/api/games/2/viewer?similar=4');
    expect(again.favouriteIds).toEqual([2, liked].sort((a, b) => a - b));
    // The same facts the game's own endpoints give, read in one statement here.
    const ids = [2, ...again.similar.items.map((game) => Number(game.id))];
    expect(again.favouriteIds).toEqual((await viewer.client.get(`/api/me/favourites/among?ids=${ids.join(',')}`)).json().ids);
    expect(again.myReview).toEqual((await viewer.client.get('/api/games/2/reviews/mine')).json());
  });

  it("carries the game's follow state, the same as the game's own follow endpoint, so a game page needs no call for it", async () => {
    const fan = await member(t);
    const other = await member(t);
    const visitor = new HttpClient(t.app);
    expect((await fan.client.request({ method: 'PUT', url: '/api/games/6/follow' })).statusCode).toBe(200);
    expect((await viewerOf(fan.client, '/api/games/6/viewer')).follow).toEqual({ following: true, followers: 1 });
    expect((await viewerOf(other.client, '/api/games/6/viewer')).follow).toEqual({ following: false, followers: 1 });
    expect((await viewerOf(visitor, '/api/games/6/viewer')).follow).toEqual({ following: false, followers: 1 });
    expect((await viewerOf(fan.client, '/api/games/6/viewer')).follow).toEqual((await fan.client.get('/api/games/6/follow')).json());
    expect((await fan.client.request({ method: 'DELETE', url: '/api/games/6/follow' })).statusCode).toBe(200);
    expect((await viewerOf(fan.client, '/api/games/6/viewer')).follow).toEqual({ following: false, followers: 0 });
  });

  it("brings the newest reviews' first page when asked, the same as the reviews endpoint gives this viewer", async () => {
    const reviewer = await member(t);
    const reader = await member(t);
    expect(
      (await reviewer.client.post('/api/games/7/reviews', { stars: 5, body: 'The rival studio adapts to every move.' })).statusCode,
    ).toBe(201);
    const [review] = (await reader.client.get('/api/games/7/reviews')).json().items;
    expect((await reader.client.request({ method: 'PUT', url: `/api/reviews/${review.id}/helpful` })).statusCode).toBe(200);
    // A second, newer review, and the first one edited: the order, "edited" and "mine" come out as the reviews endpoint gives them.
    expect((await reader.client.post('/api/games/7/reviews', { stars: 3, body: 'Clever, if slow to start.' })).statusCode).toBe(201);
    const edited = { stars: 4, body: 'The rival studio adapts to every move, mostly.' };
    expect((await reviewer.client.request({ method: 'PUT', url: `/api/reviews/${review.id}`, payload: edited })).statusCode).toBe(200);
    for (const client of [reviewer.client, reader.client, new HttpClient(t.app)]) {
      for (const count of [1, 3]) {
        const answer = await viewerOf(client, `/api/games/7/viewer?similar=2&reviews=${count}`);
        expect(answer.reviews).toEqual((await client.get(`/api/games/7/reviews?order=newest&page=1&pageSize=${count}`)).json());
      }
      const answer = await viewerOf(client, '/api/games/7/viewer?reviews=3');
      expect(answer.reviews?.items.map((item) => item.body)).toEqual(['Clever, if slow to start.', edited.body]);
      expect(answer.reviews?.items[1]).toMatchObject({ edited: true });
      expect(answer.reviews?.total).toBe(2);
    }
    expect((await viewerOf(reader.client, '/api/games/7/viewer?reviews=3')).reviews?.items[1]).toMatchObject({
      votedHelpful: true,
      mine: false,
    });
    expect((await viewerOf(reader.client, '/api/games/7/viewer?reviews=3')).reviews?.items[0]).toMatchObject({
      votedHelpful: false,
      mine: true,
    });
    expect((await viewerOf(reader.client, '/api/games/7/viewer')).reviews).toBeUndefined();
  });

  it('gives an anonymous visitor similar games and no personal facts', async () => {
    const answer = await viewerOf(new HttpClient(t.app), '/api/games/3/viewer?similar=6');
    expect(answer.favouriteIds).toBeNull();
    expect(answer.myReview).toBeNull();
    expect(answer.similar.items.length).toBeGreaterThan(0);
  });

  it('answers 404 for a game that is not listed, signed in or not', async () => {
    const admin = await member(t, 'admin');
    expect((await admin.client.post('/api/moderation/games/4/unpublish', {})).statusCode).toBe(200);
    for (const client of [admin.client, new HttpClient(t.app)]) {
      const response = await client.get('/api/games/4/viewer?similar=3');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not-found');
    }
    expect((await t.app.inject('/api/games/999999/viewer')).statusCode).toBe(404);
  });

  it('answers 400 for ids and counts that cannot be', async () => {
    for (const url of [
      '/api/games/abc/viewer',
      '/api/games/0/viewer',
      '/api/games/1.5/viewer',
      '/api/games/1/viewer?similar=13',
      '/api/games/1/viewer?similar=-1',
      '/api/games/1/viewer?similar=x',
      '/api/games/1/viewer?reviews=-1',
      '/api/games/1/viewer?reviews=51',
      '/api/games/1/viewer?reviews=ten',
    ]) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message.length, url).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/games/:id/similar', () => {
  it('suggests games sharing categories with this one, most alike first, the same way every time', async () => {
    const source: { categories: string[] } = gameDetailSchema.parse((await t.app.inject('/api/games/5')).json());
    const first = (await t.app.inject('/api/games/5/similar?limit=12')).json() as {
      items: { id: string; categories: string[]; tagline: string }[];
    };
    expect(first.items.length).toBeGreaterThan(0);
    expect(first.items.map((game) => game.id)).not.toContain('5');
    for (const game of first.items)
      expect(
        game.categories.some((slug) => source.categories.includes(slug)),
        game.id,
      ).toBe(true);
    const shared = (game: { categories: string[] }) => game.categories.filter((slug) => source.categories.includes(slug)).length;
    expect(shared(first.items[0]!)).toBe(Math.max(...first.items.map(shared)));
    expect((await t.app.inject('/api/games/5/similar?limit=12')).json()).toEqual(first);
  });
});
