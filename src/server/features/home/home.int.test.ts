import { and, count, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategorySlug } from '../../../shared/categories';
import { HOME_SECTION_SIZE, homeSchema, type Home } from '../../../shared/home';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { signUpMember } from '../../../test-support/server/members';
import { favourites, gameCategories, gamePlays, games, hiddenGames } from '../../db/schema';
import { retireOldPlays } from '../games/trending';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function homeFor(client: HttpClient): Promise<Home> {
  const response = await client.get('/api/home');
  expect(response.statusCode).toBe(200);
  return homeSchema.parse(response.json());
}

const ids = (items: { id: string }[]) => items.map((game) => Number(game.id));
const anonymous = () => new HttpClient(t.app);

async function memberWith(categories: CategorySlug[]) {
  const { client } = await signUpMember(t.app, { name: 'Fan' });
  const saved = await client.request({ method: 'PUT', url: '/api/me/favourite-categories', payload: { categories } });
  expect(saved.statusCode).toBe(200);
  return client;
}

/**
 * "For you" as SQL finds it (as it once was made): the listed games in the categories, those in
 * more of them first, then by weighted rating and newest id, without the user's favourites and
 * hidden games.
 */
async function forYouBySql(userId: string, categories: CategorySlug[], limit = HOME_SECTION_SIZE): Promise<number[]> {
  const { db } = t.database;
  const matching = db
    .select({ gameId: gameCategories.gameId, matches: count().as('matches') })
    .from(gameCategories)
    .where(inArray(gameCategories.categorySlug, categories))
    .groupBy(gameCategories.gameId)
    .as('matching');
  const theirs = (table: typeof favourites | typeof hiddenGames) =>
    db
      .select({ one: table.gameId })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.gameId, games.id)));
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .innerJoin(matching, eq(matching.gameId, games.id))
    .where(and(eq(games.status, 'published'), notExists(theirs(favourites)), notExists(theirs(hiddenGames))))
    .orderBy(desc(matching.matches), desc(games.weightedRating), desc(games.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

describe('GET /api/home', () => {
  it('gives a visitor the public sections, capped, and no "For you"', async () => {
    const home = await homeFor(anonymous());
    expect(home.forYou).toBeNull();
    expect(home.newest.length).toBe(HOME_SECTION_SIZE);
    expect(home.topRated.length).toBe(HOME_SECTION_SIZE);
    const allGames = await t.database.db.select({ id: games.id, weighted: games.weightedRating }).from(games);
    const best = [...allGames].sort((a, b) => b.weighted - a.weighted || b.id - a.id).slice(0, HOME_SECTION_SIZE);
    expect(ids(home.topRated)).toEqual(best.map((game) => game.id));
  });

  it('shows exactly the games an admin featured, and only published ones', async () => {
    const db = t.database.db;
    expect((await homeFor(anonymous())).featured).toEqual([]);
    await db
      .update(games)
      .set({ featured: true })
      .where(inArray(games.id, [2, 7, 9]));
    await db.update(games).set({ status: 'draft' }).where(eq(games.id, 9));
    try {
      const featured = ids((await homeFor(anonymous())).featured).sort((a, b) => a - b);
      expect(featured).toEqual([2, 7]);
    } finally {
      await db
        .update(games)
        .set({ featured: false, status: 'published' })
        .where(inArray(games.id, [2, 7, 9]));
    }
    expect((await homeFor(anonymous())).featured).toEqual([]);
  });

  it('ranks trending games by plays in the last 7 days, leaving out plays once they are older', async () => {
    expect((await homeFor(anonymous())).trending).toEqual([]);
    const players = await Promise.all([1, 2, 3].map(() => signUpMember(t.app, { name: 'Player' })));
    for (const { client } of players) await client.post('/api/games/1/plays');
    for (const { client } of players.slice(0, 2)) await client.post('/api/games/6/plays');
    await players[0]!.client.post('/api/games/11/plays');
    expect(ids((await homeFor(anonymous())).trending)).toEqual([1, 6, 11]);
    // Game 1's plays turn eight days old.
    const longAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await t.database.db.update(gamePlays).set({ playedAt: longAgo }).where(eq(gamePlays.gameId, 1));
    await retireOldPlays(t.database.db);
    expect(ids((await homeFor(anonymous())).trending)).toEqual([6, 11]);
  });

  it('makes "For you" from the signed-in user\'s categories, leaving out their favourite games', async () => {
    const client = await memberWith(['music', 'racing']);
    const forYou = (await homeFor(client)).forYou!;
    expect(forYou.categories).toEqual(['music', 'racing']);
    expect(forYou.items.length).toBeGreaterThan(0);
    for (const game of forYou.items) {
      expect(
        game.categories.some((slug) => slug === 'music' || slug === 'racing'),
        game.title,
      ).toBe(true);
    }
    const [first] = forYou.items;
    await client.request({ method: 'PUT', url: `/api/games/${first!.id}/favourite` });
    const after = (await homeFor(client)).forYou!;
    expect(ids(after.items)).not.toContain(Number(first!.id));
    expect(after.items.length).toBe(forYou.items.length - 1);
  });

  it('puts games matching more of the favourite categories first', async () => {
    const client = await memberWith(['adventure', 'rpg']);
    const { items } = (await homeFor(client)).forYou!;
    const matches = items.map((game) => game.categories.filter((slug) => slug === 'adventure' || slug === 'rpg').length);
    expect(matches).toEqual([...matches].sort((a, b) => b - a));
  });

  it('ranks "For you" as SQL does, for one to four categories, without favourites and hidden games', async () => {
    const picks: CategorySlug[][] = [
      ['strategy'],
      ['music', 'racing'],
      ['adventure', 'rpg', 'puzzle'],
      ['fantasy', 'pixel', 'turn-based', 'simulation'],
    ];
    for (const categories of picks) {
      const client = await memberWith(categories);
      const { user } = (await client.get('/api/me')).json<{ user: { id: string } }>();
      const before = (await homeFor(client)).forYou!;
      expect(ids(before.items), categories.join()).toEqual(await forYouBySql(user.id, categories));
      const [favourite, hidden] = ids(before.items);
      if (favourite) expect((await client.request({ method: 'PUT', url: `/api/games/${favourite}/favourite` })).statusCode).toBe(200);
      if (hidden) expect((await client.request({ method: 'PUT', url: `/api/games/${hidden}/not-interested` })).statusCode).toBe(200);
      const after = ids((await homeFor(client)).forYou!.items);
      expect(after).not.toContain(favourite);
      expect(after).not.toContain(hidden);
      expect(after, categories.join()).toEqual(await forYouBySql(user.id, categories));
    }
  });

  it('takes in a new top-rated order at once: the best game in a category, rated down, leaves the top of "For you"', async () => {
    const client = await memberWith(['adventure', 'strategy']);
    const { user } = (await client.get('/api/me')).json<{ user: { id: string } }>();
    const before = ids((await homeFor(client)).forYou!.items);
    expect(before).toEqual(await forYouBySql(user.id, ['adventure', 'strategy']));
    const best = before[0]!;
    await t.database.db
      .update(games)
      .set({ ratings1: 1_000_000, ratings2: 0, ratings3: 0, ratings4: 0, ratings5: 0 })
      .where(eq(games.id, best));
    const after = ids((await homeFor(client)).forYou!.items);
    expect(after[0]).not.toBe(best);
    expect(after).toEqual(await forYouBySql(user.id, ['adventure', 'strategy']));
  });

  it('leaves the games a member hid out of its sections, still full, whether they hid a few or many', async () => {
    // More games than the shared sections are read deep (16), so hiding nine of them leaves a gap only a read of one's own fills.
    // With their category in the same transaction: a published game always has one.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into games (slug, title, tagline, description, image_path, image_alt, release_date, developer, status, ai_roles, ai_runs_on, platforms)
        select 'more-' || n, 'More ' || n, 'Another game', 'One more game to list.', '/covers/humfield.svg', 'Cover', '2024-01-01', 'Studio', 'published', array['story'], 'cloud', array['web']
        from generate_series(1, 12) as n`);
      await tx.execute(
        sql`insert into game_categories (game_id, category_slug, position) select id, 'puzzle', 0 from games where slug like 'more-%'`,
      );
    });
    const client = await memberWith([]);
    const catalogueNewest = async () =>
      ids((await client.get('/api/games?sort=newest&page=1&pageSize=8')).json<{ items: { id: string }[] }>().items);
    const hide = async (gameIds: number[]) => {
      for (const id of gameIds)
        expect((await client.request({ method: 'PUT', url: `/api/games/${id}/not-interested` })).statusCode).toBe(200);
    };
    // Three: the shared sections, read deeper, still hold enough without them; nine: the member's own read.
    for (const count of [3, 6]) {
      const hidden = (await catalogueNewest()).slice(0, count);
      await hide(hidden);
      const home = await homeFor(client);
      expect(ids(home.newest)).toHaveLength(HOME_SECTION_SIZE);
      expect(ids(home.newest)).toEqual(await catalogueNewest());
      for (const section of [home.featured, home.trending, home.newest, home.topRated]) {
        for (const id of hidden) expect(ids(section)).not.toContain(id);
      }
    }
  });

  it('gives "For you" with no categories and no games when none were picked yet', async () => {
    const { client } = await signUpMember(t.app, { name: 'Newcomer' });
    expect((await homeFor(client)).forYou).toEqual({ categories: [], items: [] });
  });

  it('is never kept by a shared cache', async () => {
    const response = await anonymous().get('/api/home');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the hearts on the home page', () => {
  it("come with the sections: which games shown are the viewer's favourites, and none for a visitor", async () => {
    expect((await homeFor(anonymous())).favouriteIds).toBeNull();
    const client = await memberWith([]);
    const shown = (await homeFor(client)).newest[0]!;
    expect((await homeFor(client)).favouriteIds).toEqual([]);
    expect((await client.request({ method: 'PUT', url: `/api/games/${shown.id}/favourite` })).statusCode).toBe(200);
    expect((await homeFor(client)).favouriteIds).toEqual([Number(shown.id)]);
  });
});
