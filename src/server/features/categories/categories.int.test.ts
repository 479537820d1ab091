import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryListSchema, categorySlugs } from '../../../shared/categories';
import { gamePageSchema } from '../../../shared/games';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/categories', () => {
  it('lists the 14 categories in order with the number of games in each', async () => {
    const response = await t.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    const { items } = categoryListSchema.parse(response.json());
    expect(items.map((category) => category.slug)).toEqual([...categorySlugs]);

    const games = gamePageSchema.parse((await t.app.inject('/api/games?pageSize=100')).json()).items;
    for (const category of items) {
      const expected = games.filter((game) => game.categories.includes(category.slug)).length;
      expect(category.gameCount, category.slug).toBe(expected);
      expect(category.gameCount).toBeGreaterThan(0);
      expect(category.name.length).toBeGreaterThan(0);
      expect(category.description.length).toBeGreaterThan(0);
    }
  });
});
