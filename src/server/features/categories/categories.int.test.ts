import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryListSchema, categorySlugs } from '../../../shared/categories';
import { gamePageSchema } from '../../../shared/games';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { completePayload, member, pendingSubmission } from '../../../test-support/submission-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countsNow = async () => {
  const response = await t.app.inject('/api/categories');
  expect(response.statusCode).toBe(200);
  const { items } = categoryListSchema.parse(response.json());
  return Object.fromEntries(items.map((category) => [category.slug, category.gameCount]));
};

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

  it('counts a game as soon as it is approved, and no longer once it is unpublished', async () => {
    const maker = await member(t);
    const moderator = await member(t, 'moderator');
    const admin = await member(t, 'admin');
    const before = await countsNow();

    const withdrawn = await pendingSubmission(maker.client, completePayload({ categories: ['racing'] }));
    expect((await maker.client.post(`/api/submissions/${withdrawn}/withdraw`)).statusCode).toBe(200);
    expect(await countsNow()).toEqual(before);

    const id = await pendingSubmission(maker.client, completePayload({ categories: ['music', 'sports'] }));
    const approved = await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await countsNow()).toEqual({ ...before, music: before.music! + 1, sports: before.sports! + 1 });

    const gameId = approved.json().gameId as number;
    expect((await admin.client.post(`/api/moderation/games/${gameId}/unpublish`, {})).statusCode).toBe(200);
    expect(await countsNow()).toEqual(before);
  });
});
