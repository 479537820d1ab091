import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/server/database';
import { prepareDatabase } from '../prepare';
import { categories, gameCategories, games } from '../schema';
import { seedGames } from './data/games';

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

async function counts() {
  const [[g], [c], [links]] = await Promise.all([
    t.database.db.select({ n: count() }).from(games),
    t.database.db.select({ n: count() }).from(categories),
    t.database.db.select({ n: count() }).from(gameCategories),
  ]);
  return { games: g?.n, categories: c?.n, links: links?.n };
}

describe('seeding', () => {
  it('writes 12 games and 14 categories, and running it again changes nothing', async () => {
    const expectedLinks = seedGames.reduce((sum, game) => sum + game.categories.length, 0);
    expect(await counts()).toEqual({ games: 12, categories: 14, links: expectedLinks });
    const again = await prepareDatabase(t.database);
    expect(again.gamesAdded).toBe(0);
    expect(await counts()).toEqual({ games: 12, categories: 14, links: expectedLinks });
  });
});
