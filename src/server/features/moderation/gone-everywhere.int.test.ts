import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listGame, signedUpDaysAgo, type Member } from '../../../test-support/moderation-fixtures';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { pageTags, webDistWithIndex } from '../../../test-support/server/page-tags';
import { member } from '../../../test-support/submission-fixtures';
import { within } from '../../../test-support/within';

// Issue 33, part 7: a removed review is gone from every place that reads reviews; a held one
// (decision 0058) leaves every list but keeps its stars until a moderator decides (decision 0061).

let t: TestApp;
let moderator: Member;
let removeDist: () => Promise<void>;
let maker: Member;
let gameId: number;
let title: string;
const REMOVED = 'Buy cheap coins at spam.example, removed.';
const HELD = 'You are all idiots, held for review.';
const KEPT = 'The lighthouse keeper remembered my name.';
let removedId: number;
let heldId: number;

async function review(stars: number, body: string): Promise<number> {
  const author = await member(t, 'user', 'Rita Reviewer');
  const created = await author.client.post(`/api/games/${gameId}/reviews`, { stars, body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

/** A member who counts towards a hold (a day old, address confirmed); the threshold here is one. */
async function standingMember(): Promise<Member> {
  const someone = await member(t);
  await signedUpDaysAgo(t, someone, 2);
  return someone;
}

const visitor = () => new HttpClient(t.app);
const ratingOf = async () => {
  const page = (await visitor().get(`/api/games?q=${encodeURIComponent(title)}`)).json();
  return (page.items as { id: number | string; rating: number; ratingCount: number }[]).find((game) => Number(game.id) === gameId);
};

beforeAll(async () => {
  const dist = await webDistWithIndex();
  removeDist = dist.remove;
  t = await createTestApp({ webDist: dist.webDist, env: { REPORT_HOLD_THRESHOLD: '1', PUBLIC_CATALOGUE: 'true' } });
  moderator = await member(t, 'moderator', 'Mira Moderator');
  maker = await member(t, 'user', 'Mo Maker');
  title = `Gone Everywhere ${Date.now()}`;
  gameId = await listGame(moderator, maker, title);
  await review(5, KEPT);
  removedId = await review(1, REMOVED);
  heldId = await review(1, HELD);
  // Everything reads the three reviews before anything is done to them.
  expect(await ratingOf()).toMatchObject({ ratingCount: 3 });
  const young = await member(t);
  expect((await young.client.post('/api/reports', { kind: 'review', targetId: String(removedId), reason: 'spam' })).statusCode).toBe(201);
  const decided = await moderator.client.post(`/api/moderation/reports/review/${removedId}/decide`, {
    action: 'remove',
    reason: 'Advertising is not a review.',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  expect(
    (await (await standingMember()).client.post('/api/reports', { kind: 'review', targetId: String(heldId), reason: 'harassment' }))
      .statusCode,
  ).toBe(201);
});
afterAll(async () => {
  await t.close();
  await removeDist();
});

describe('a removed review is gone everywhere, a held one is shown nowhere', () => {
  it("from the game's reviews and the page's JSON, for visitors and members alike", async () => {
    for (const client of [visitor(), (await member(t)).client]) {
      const page = (await client.get(`/api/games/${gameId}/reviews?pageSize=50`)).json();
      expect(page.items.map((item: { body: string }) => item.body)).toEqual([KEPT]);
      expect(page.total).toBe(1);
      const viewer = (await client.get(`/api/games/${gameId}/viewer?reviews=10`)).json();
      expect(viewer.reviews.items.map((item: { body: string }) => item.body)).toEqual([KEPT]);
      expect(viewer.reviews.total).toBe(1);
    }
  });

  it("from the game's reviews feed", async () => {
    const feed = await visitor().get(`/feeds/games/${gameId}/reviews.atom`);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(KEPT);
    expect(feed.body).not.toContain(REMOVED);
    expect(feed.body).not.toContain(HELD);
  });

  it("from the rating in search results: the removed review's stars leave, the held one's stay", async () => {
    // The catalogue in memory follows the rating change through the live stream.
    expect(await within(2_000, async () => (await ratingOf())?.ratingCount === 2)).toBe(true);
    expect(await ratingOf()).toMatchObject({ rating: 3, ratingCount: 2 });
  });

  it("from the link preview's facts, which count the same ratings", async () => {
    const html = (await visitor().get(`/game-detail?id=${gameId}`)).body;
    const { body, meta } = pageTags(html);
    expect(meta['og:title']).toBe(title);
    expect(body).toContain('3.0 out of 5 from 2 ratings');
    expect(html).not.toContain(REMOVED);
    expect(html).not.toContain(HELD);
  });

  it("from the maker's analytics: the review count is what the page lists, the rating the histogram's", async () => {
    const stats = await maker.client.get(`/api/me/games/${gameId}/stats`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toMatchObject({ reviewCount: 1, rating: 3, ratingCount: 2 });
  });

  it('a decision that leaves the held review up brings it back to every list and count', async () => {
    const dismissed = await moderator.client.post(`/api/moderation/reports/review/${heldId}/decide`, {
      action: 'dismiss',
      reason: 'Rude, but about the game.',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await visitor().get(`/api/games/${gameId}/reviews`)).json().total).toBe(2);
    expect((await visitor().get(`/feeds/games/${gameId}/reviews.atom`)).body).toContain(HELD);
    expect((await maker.client.get(`/api/me/games/${gameId}/stats`)).json()).toMatchObject({ reviewCount: 2, ratingCount: 2 });
  });
});
