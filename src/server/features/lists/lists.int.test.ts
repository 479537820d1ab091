import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicListsPageSchema, type PublicListsPage } from '../../../shared/public-lists';
import { setDoc, updateDoc, visitor } from '../../../test-support/documents/helpers';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { member } from '../../../test-support/submission-fixtures';
import { users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const games = (count: number) => Array.from({ length: count }, (_, i) => ({ gameId: i + 1, note: '' }));

async function browse(query = ''): Promise<PublicListsPage> {
  const response = await visitor(t.app).get(`/api/lists/public${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return publicListsPageSchema.parse(response.json());
}

describe('GET /api/lists/public', () => {
  it('shows public lists with their makers, never private ones, newest or fullest first, a page at a time', async () => {
    expect(await browse()).toEqual({ items: [], total: 0, page: 1, pageSize: 24 });
    const ada = await member(t, 'user', 'Ada Lister');
    const bo = await member(t, 'user', 'Bo Keeper');
    const write = async (who: typeof ada, id: string, name: string, count: number, isPublic: boolean) => {
      const response = await setDoc(who.client, `lists/${id}`, {
        ownerId: who.id,
        name,
        description: `About ${name}`,
        public: isPublic,
        games: games(count),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await write(ada, 'cozy', 'Cozy companions', 2, true);
    await write(ada, 'secret', 'Secret stash', 9, false);
    await write(bo, 'big', 'Big adventures', 5, true);
    await write(bo, 'empty', 'Empty for now', 0, true);

    const newest = await browse();
    expect(newest.total).toBe(3);
    expect(newest.items.map((list) => list.name)).toEqual(['Empty for now', 'Big adventures', 'Cozy companions']);
    expect(newest.items[2]).toMatchObject({
      id: 'cozy',
      description: 'About Cozy companions',
      gameCount: 2,
      maker: { id: ada.id, name: 'Ada Lister' },
    });
    expect(JSON.stringify(newest)).not.toContain('Secret stash');

    const fullest = await browse('?order=most-games');
    expect(fullest.items.map((list) => [list.name, list.gameCount])).toEqual([
      ['Big adventures', 5],
      ['Cozy companions', 2],
      ['Empty for now', 0],
    ]);

    const second = await browse('?pageSize=2&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((list) => list.name)).toEqual(['Cozy companions']);
    expect((await browse('?pageSize=2&page=9')).items).toEqual([]);

    // Made private: gone from the browse at once; made public: back.
    expect((await updateDoc(bo.client, 'lists/big', { public: false })).statusCode).toBe(200);
    expect((await browse()).items.map((list) => list.id)).toEqual(['empty', 'cozy']);
    expect((await updateDoc(ada.client, 'lists/secret', { public: true })).statusCode).toBe(200);
    expect((await browse('?order=most-games')).items[0]).toMatchObject({ id: 'secret', gameCount: 9, maker: { name: 'Ada Lister' } });
  });

  it("leaves out a banned member's lists, as their profile is gone", async () => {
    const before = (await browse()).total;
    const banned = await member(t, 'user', 'Bram Banned');
    expect(
      (await setDoc(banned.client, 'lists/banned-list', { ownerId: banned.id, name: 'Soon hidden', public: true, games: [] })).statusCode,
    ).toBe(200);
    expect((await browse()).items[0]).toMatchObject({ id: 'banned-list', maker: { name: 'Bram Banned' } });
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
    const after = await browse();
    expect(after.total).toBe(before);
    expect(after.items.map((list) => list.id)).not.toContain('banned-list');
  });

  it('answers 400 with a message for a bad order, page or page size, the same for everyone', async () => {
    const signedIn = await member(t);
    for (const query of [
      '?order=oldest',
      '?page=0',
      '?page=x',
      '?pageSize=49',
      '?pageSize=0',
      '?pageSize=2.5',
      '?page=1000001',
      '?order=',
    ]) {
      for (const client of [visitor(t.app), signedIn.client]) {
        const response = await client.get(`/api/lists/public${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().error.code, query).toBe('invalid-argument');
        expect(response.json().error.message.length, query).toBeGreaterThan(0);
      }
    }
  });
});
