import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTopic } from '../../shared/live';
import { insertGame, testGame } from '../../test-support/insert-game';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { testDatabaseUrl } from '../../test-support/server/database';
import type { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import { within } from '../../test-support/within';
import { favourites, notifications, users } from '../db/schema';
import { notify } from '../features/notifications';
import { publish } from './publish';

// A member's bell, hearts and favourite categories are read on every page they load, so each
// instance keeps them until an event on the member's topic says they changed (decision 0079).
// Rows written here without an event show what is kept; the writes a member makes show at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member() {
  const { client, email } = await signUpMember(t.app);
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { client, userId: user!.id };
}

const unread = async (client: HttpClient) => (await client.get('/api/me')).json<{ unreadNotifications: number }>().unreadNotifications;
const heartsAmong = async (client: HttpClient, ids: number[]) =>
  (await client.get(`/api/me/favourites/among?ids=${ids.join(',')}`)).json<{ ids: number[] }>().ids;
const forYouCategories = async (client: HttpClient) =>
  (await client.get('/api/home')).json<{ forYou: { categories: string[] } | null }>().forYou?.categories;

const aNotification = { kind: 'test', title: 'Kept?', body: 'A notification', link: '/my-games' };
const anyEventFor = (userId: string) => t.database.db.transaction((tx) => publish(tx, userTopic(userId), { kind: 'test' }));

describe("what is kept of a member's own rows", () => {
  it('keeps the bell until an event tells, and forgets it at once when this instance commits a notification or a read', async () => {
    const { client, userId } = await member();
    expect(await unread(client)).toBe(0);
    await t.database.db.insert(notifications).values({ userId, ...aNotification });
    expect(await unread(client)).toBe(0);
    await anyEventFor(userId);
    expect(await within(2_000, async () => (await unread(client)) === 1)).toBe(true);

    // Written by another request on this instance: the very next load shows it.
    await t.database.db.transaction((tx) => notify(tx, userId, aNotification));
    expect(await unread(client)).toBe(2);
    expect((await client.post('/api/me/notifications/read-all', {})).statusCode).toBe(200);
    expect(await unread(client)).toBe(0);
  });

  // Events wait for every older transaction to end before any hub may hand them out (event-store.ts):
  // with one held open, only this instance's own forgetting can show the change at once.
  it.runIf(testDatabaseUrl)(
    "shows a maker another's notification at their next load, while an older transaction holds its event back",
    async () => {
      const maker = await member();
      const gameId = await insertGame(t.database.db, testGame(`kept-bell-${Date.now()}`, { ownerId: maker.userId }));
      expect(await unread(maker.client)).toBe(0);
      if (t.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const older = await t.database.pool.connect();
      try {
        await older.query('begin; select txid_current()');
        await t.database.db.transaction((tx) => notify(tx, maker.userId, aNotification));
        expect(await unread(maker.client)).toBe(1);
        const reviewer = await member();
        const review = await reviewer.client.post(`/api/games/${gameId}/reviews`, { stars: 4, body: 'Kept well, and told at once.' });
        expect(review.statusCode).toBe(201);
        expect(await unread(maker.client)).toBe(2);
      } finally {
        await older.query('commit');
        older.release();
      }
    },
  );

  it("shows a member's own hearts at once, and hearts written elsewhere once their topic tells", async () => {
    const { client, userId } = await member();
    const { items } = (await client.get('/api/games?page=1&pageSize=2')).json<{ items: { id: number }[] }>();
    const [first, second] = items.map((game) => Number(game.id)) as [number, number];
    expect(await heartsAmong(client, [first, second])).toEqual([]);
    expect((await client.request({ method: 'PUT', url: `/api/games/${first}/favourite` })).statusCode).toBe(200);
    expect(await heartsAmong(client, [first, second])).toEqual([first]);

    await t.database.db.insert(favourites).values({ userId, gameId: second });
    expect(await heartsAmong(client, [first, second])).toEqual([first]);
    await anyEventFor(userId);
    expect(await within(2_000, async () => (await heartsAmong(client, [first, second])).length === 2)).toBe(true);

    expect((await client.request({ method: 'DELETE', url: `/api/games/${first}/favourite` })).statusCode).toBe(200);
    expect(await heartsAmong(client, [first, second])).toEqual([second]);
  });

  it("gives a member's new favourite categories to their next home page", async () => {
    const { client } = await member();
    expect(
      (await client.request({ method: 'PUT', url: '/api/me/favourite-categories', payload: { categories: ['puzzle'] } })).statusCode,
    ).toBe(200);
    expect(await forYouCategories(client)).toEqual(['puzzle']);
    const saved = await client.request({ method: 'PUT', url: '/api/me/favourite-categories', payload: { categories: ['rpg', 'music'] } });
    expect(saved.statusCode).toBe(200);
    expect(await forYouCategories(client)).toEqual(['rpg', 'music']);
  });
});
