import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/server/database';
import { prepareDatabase } from '../prepare';
import { gameMedia, games } from '../schema';
import { seedGames } from './data/games';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const allMedia = () =>
  t.database.db
    .select({ slug: games.slug, path: gameMedia.path, alt: gameMedia.alt, position: gameMedia.position })
    .from(gameMedia)
    .innerJoin(games, eq(games.id, gameMedia.gameId))
    .orderBy(asc(games.slug), asc(gameMedia.position));

describe('sample screenshots', () => {
  it('gives each sample game two screenshots that exist, small, with alt text', async () => {
    const media = await allMedia();
    expect(media).toHaveLength(seedGames.length * 2);
    for (const game of seedGames) {
      expect(media.filter((item) => item.slug === game.slug).map((item) => item.path)).toEqual([
        `/media/${game.slug}-1.svg`,
        `/media/${game.slug}-2.svg`,
      ]);
    }
    for (const item of media) {
      const file = path.join('src/web/public', item.path);
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size, file).toBeLessThan(4096);
      expect(item.alt.length).toBeGreaterThan(30);
    }
  });

  it('seeds again without duplicates, and leaves a game that already has media alone', async () => {
    const [game] = await t.database.db.select({ id: games.id }).from(games).where(eq(games.slug, 'humfield'));
    await t.database.db.delete(gameMedia).where(eq(gameMedia.gameId, game!.id));
    await t.database.db.insert(gameMedia).values({ gameId: game!.id, position: 0, path: '/uploads/x', alt: 'Mine' });
    await prepareDatabase(t.database);
    const media = await allMedia();
    expect(media).toHaveLength(seedGames.length * 2 - 1);
    expect(media.filter((item) => item.slug === 'humfield')).toEqual([{ slug: 'humfield', path: '/uploads/x', alt: 'Mine', position: 0 }]);
  });
});
