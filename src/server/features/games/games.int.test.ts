import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySlugs } from '../../../shared/categories';
import { gameDetailSchema, gameListItemSchema, gamePageSchema, gameSchema, type GamePage } from '../../../shared/games';
import { renderMarkdown } from '../../../shared/markdown';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../../test-support/server/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function getJson(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

async function listAll(query = ''): Promise<GamePage['items']> {
  const { body } = await getJson(`/api/games?pageSize=100${query}`);
  return gamePageSchema.parse(body).items;
}

describe('GET /api/games', () => {
  it('lists the 12 sample games with every field of the spec and string ids', async () => {
    const { status, body } = await getJson('/api/games');
    expect(status).toBe(200);
    const page = gamePageSchema.parse(body);
    expect(page.total).toBe(12);
    expect(page.items).toHaveLength(12);
    expect(page).toMatchObject({ page: 1, pageSize: 24 });
    for (const item of page.items) {
      expect(gameListItemSchema.safeParse(item).success).toBe(true);
      expect(typeof item.id).toBe('string');
      expect(item.categories[0]).toBe(item.category);
      expect(item.imageUrl).toBe(`${TEST_BASE_URL}${item.image}`);
    }
  });

  it('keeps prices and ratings within the sample ranges, free games without an amount', async () => {
    const items = await listAll();
    const paid = items.filter((game) => game.price === 'paid');
    const free = items.filter((game) => game.price === 'free');
    expect(paid.length).toBeGreaterThan(0);
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((game) => game.priceAmount === undefined)).toBe(true);
    const amounts = paid.map((game) => game.priceAmount ?? 0);
    expect(Math.min(...amounts)).toBe(15.99);
    expect(Math.max(...amounts)).toBe(29.99);
    const ratings = items.map((game) => game.rating);
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(4.1);
    expect(Math.max(...ratings)).toBeLessThanOrEqual(4.9);
  });

  it('covers all 14 categories across the sample games', async () => {
    const covered = new Set((await listAll()).flatMap((game) => game.categories));
    expect([...covered].sort()).toEqual([...categorySlugs].sort());
  });

  it('orders newest release first and pages through without duplicates or gaps', async () => {
    const all = await listAll();
    const dates = all.map((game) => game.releaseDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const pages = await Promise.all([1, 2, 3].map((page) => getJson(`/api/games?pageSize=5&page=${page}`)));
    const ids = pages.flatMap(({ body }) => gamePageSchema.parse(body).items.map((game) => game.id));
    expect(ids).toEqual(all.map((game) => game.id));
    expect(pages.map(({ body }) => (body as GamePage).items.length)).toEqual([5, 5, 2]);
  });

  it('answers a page past the end with no items and the real total', async () => {
    const { status, body } = await getJson('/api/games?page=4&pageSize=5');
    expect(status).toBe(200);
    expect(body).toMatchObject({ items: [], total: 12, page: 4, pageSize: 5 });
  });

  it('filters by category', async () => {
    const all = await listAll();
    for (const slug of ['rpg', 'racing', 'puzzle'] as const) {
      const filtered = await listAll(`&category=${slug}`);
      const expected = all.filter((game) => game.categories.includes(slug)).map((game) => game.id);
      expect(filtered.map((game) => game.id)).toEqual(expected);
      expect(filtered.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['page=0', 'page must be 1 or more'],
    ['page=-3', 'page must be 1 or more'],
    ['page=abc', 'page must be a number'],
    ['page=1.5', 'page must be a whole number'],
    ['pageSize=10000', 'pageSize must be at most 100'],
    ['pageSize=0', 'pageSize must be 1 or more'],
    ['category=unknown', "Unknown category 'unknown'"],
    ['category=RPG', "Unknown category 'RPG'"],
  ])('rejects %s with 400 invalid-argument', async (query, message) => {
    const { status, body } = await getJson(`/api/games?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: { code: 'invalid-argument', message } });
  });
});

describe('GET /api/games/:id', () => {
  it('returns one game with a numeric id and every field', async () => {
    const [first] = await listAll();
    const { status, body } = await getJson(`/api/games/${first!.id}`);
    expect(status).toBe(200);
    const game = gameSchema.parse(body);
    expect(game.id).toBe(Number(first!.id));
    expect(game).toEqual({ ...first, id: Number(first!.id) });
  });

  it('carries the description as the HTML made from its Markdown, so a game page needs no Markdown code', async () => {
    for (const { id } of await listAll()) {
      const game = gameDetailSchema.parse((await getJson(`/api/games/${id}`)).body);
      expect(game.descriptionHtml).toBe(renderMarkdown(game.description));
      expect(game.descriptionHtml).toMatch(/^<p>/);
    }
  });

  it('answers 404 not-found for an unknown game', async () => {
    const { status, body } = await getJson('/api/games/999999');
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: 'not-found', message: 'No game with id 999999' } });
  });

  it.each(['abc', '0', '-1', '1.5'])('answers 400 invalid-argument for id %s', async (id) => {
    const { status, body } = await getJson(`/api/games/${id}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid-argument');
  });
});
