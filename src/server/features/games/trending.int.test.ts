import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePageSchema } from '../../../shared/games';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { signUpMember } from '../../../test-support/server/members';
import { gamePlays, games } from '../../db/schema';
import { retireOldPlays, TRENDING_DAYS } from './trending';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function trendingIds(): Promise<number[]> {
  const response = await new HttpClient(t.app).get('/api/games?sort=trending&pageSize=100');
  expect(response.statusCode).toBe(200);
  return gamePageSchema.parse(response.json()).items.map((game) => Number(game.id));
}

async function statsOf(id: number) {
  const [row] = await t.database.db
    .select({ recentPlays: games.recentPlays, playCount: games.playCount })
    .from(games)
    .where(eq(games.id, id));
  return row!;
}

async function playAs(count: number, gameId: number) {
  for (let i = 0; i < count; i++) {
    const { client } = await signUpMember(t.app, { name: 'Player' });
    expect((await client.post(`/api/games/${gameId}/plays`)).json()).toMatchObject({ counted: true });
  }
}

/** Moves a game's plays back in time, as if they had been made that long ago. */
async function agePlays(gameId: number, ageMs: number) {
  await t.database.db
    .update(gamePlays)
    .set({ playedAt: new Date(Date.now() - ageMs) })
    .where(eq(gamePlays.gameId, gameId));
}

describe('trending', () => {
  it('ranks by plays in the last 7 days, then by all plays, and drops plays once they are older', async () => {
    await playAs(2, 5);
    await playAs(1, 9);
    const [five, nine] = [await statsOf(5), await statsOf(9)];
    expect([five.recentPlays, nine.recentPlays]).toEqual([2, 1]);
    const rest = (await t.database.db.select({ id: games.id, playCount: games.playCount }).from(games))
      .filter((game) => game.id !== 5 && game.id !== 9)
      .sort((a, b) => b.playCount - a.playCount || b.id - a.id)
      .map((game) => game.id);
    expect(await trendingIds()).toEqual([5, 9, ...rest]);

    // Six days on, game 5's plays still count; a day later they do not.
    await agePlays(5, 6 * DAY_MS);
    expect(await retireOldPlays(t.database.db)).toBe(0);
    expect((await trendingIds())[0]).toBe(5);
    await agePlays(5, TRENDING_DAYS * DAY_MS + 60_000);
    expect(await retireOldPlays(t.database.db)).toBe(1);
    expect(await statsOf(5)).toEqual({ recentPlays: 0, playCount: five.playCount });
    expect((await trendingIds())[0]).toBe(9);
    expect(await retireOldPlays(t.database.db)).toBe(0);
  });

  it('recounts from the plays themselves, so a count that went wrong is put right', async () => {
    await t.database.db.update(games).set({ recentPlays: 40 }).where(eq(games.id, 3));
    await t.database.db.execute(sql`insert into game_plays (game_id, played_at)
      values (3, now() - interval '8 days'), (3, now() - interval '1 day')`);
    expect(await retireOldPlays(t.database.db)).toBe(1);
    expect((await statsOf(3)).recentPlays).toBe(1);
  });

  it('retires more plays than one batch holds, and two sweeps at once retire each play once', async () => {
    await t.database.db.execute(sql`insert into game_plays (game_id, played_at)
      select 4, now() - interval '9 days' from generate_series(1, 12000)`);
    await t.database.db.execute(sql`insert into game_plays (game_id, played_at)
      select 6, now() - interval '9 days' from generate_series(1, 3)`);
    // Whichever sweep holds the lock carries on until nothing is left; the other may stop early.
    const changed = await Promise.all([retireOldPlays(t.database.db), retireOldPlays(t.database.db)]);
    expect(changed[0] + changed[1]).toBeGreaterThanOrEqual(2);
    const [stillCounted] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(gamePlays)
      .where(sql`${gamePlays.countedAsRecent} and ${gamePlays.playedAt} < now() - interval '7 days'`);
    expect(stillCounted!.n).toBe(0);
    expect([(await statsOf(4)).recentPlays, (await statsOf(6)).recentPlays]).toEqual([0, 0]);
  });
});
