import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTopic } from '../../shared/live';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import type { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import { within } from '../../test-support/within';
import { favourites, users } from '../db/schema';
import { notify } from '../features/notifications';
import { publish } from './publish';

// A member's hearts and favourite categories are read on every page they load, so each
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
  it('never keeps the bell: a notification made by another request shows at the next load, and so does a read', async () => {
    const { client, userId } = await member();
    expect(await unread(client)).toBe(0);
    await t.database.db.transaction((tx) => notify(tx, userId, aNotification));
    expect(await unread(client)).toBe(1);
    expect((await client.post('/api/me/notifications/read-all', {})).statusCode).toBe(200);
    expect(await unread(client)).toBe(0);
  });

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
