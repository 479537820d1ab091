import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listGame, moderationSuite, reviewedBy, signedUpDaysAgo, type Member } from '../../../test-support/moderation-fixtures';
import { member } from '../../../test-support/submission-fixtures';
import { users } from '../../db/schema';

const suite = moderationSuite();

/** A member who counts towards a hold: signed up two days ago, address confirmed. */
async function standingMember(): Promise<Member> {
  const someone = await member(suite.t);
  await signedUpDaysAgo(suite.t, someone, 2);
  return someone;
}

const report = (who: Member, kind: string, targetId: string | number) =>
  who.client.post('/api/reports', { kind, targetId: String(targetId), reason: 'harassment' });
const queueItem = async (kind: string, targetId: string | number) =>
  (
    (await suite.moderator.client.get('/api/moderation/reports?pageSize=50')).json().items as {
      kind: string;
      targetId: string;
      held: boolean;
      count: number;
    }[]
  ).find((group) => group.kind === kind && group.targetId === String(targetId));
const shownReviewIds = async (gameId: number) => {
  const onlooker = await member(suite.t);
  const page = (await onlooker.client.get(`/api/games/${gameId}/reviews?pageSize=50`)).json();
  return { ids: (page.items as { id: number }[]).map((review) => review.id), total: page.total as number };
};

describe('the automatic hold', () => {
  it('hides a review once three members in good standing report it, ignoring young and unconfirmed accounts', async () => {
    const gameId = 9;
    const { author, reviewId } = await reviewedBy(suite.t, gameId, 'You are all idiots.');
    const before = await shownReviewIds(gameId);
    expect(before.ids).toContain(reviewId);

    for (let i = 0; i < 3; i++) expect((await report(await member(suite.t), 'review', reviewId)).statusCode).toBe(201);
    const unconfirmed = await standingMember();
    await suite.t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
    expect((await report(unconfirmed, 'review', reviewId)).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await report(await standingMember(), 'review', reviewId)).statusCode).toBe(201);
    expect(await queueItem('review', reviewId)).toMatchObject({ count: 6, held: false });
    expect((await shownReviewIds(gameId)).ids).toContain(reviewId);
    expect((await author.client.get(`/feeds/games/${gameId}/reviews.atom`)).body).toContain('You are all idiots.');

    expect((await report(await standingMember(), 'review', reviewId)).statusCode).toBe(201);
    expect(await queueItem('review', reviewId)).toMatchObject({ count: 7, held: true });
    const held = await shownReviewIds(gameId);
    expect(held.ids).not.toContain(reviewId);
    expect(held.total).toBe(before.total - 1);
    expect((await author.client.get(`/api/games/${gameId}/reviews/mine`)).json().review.id).toBe(reviewId);
    const feed = await author.client.get(`/feeds/games/${gameId}/reviews.atom`);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).not.toContain('You are all idiots.');

    const dismissed = await suite.moderator.client.post(`/api/moderation/reports/review/${reviewId}/decide`, {
      action: 'dismiss',
      reason: 'Rude, but about the game.',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const released = await shownReviewIds(gameId);
    expect(released.ids).toContain(reviewId);
    expect(released.total).toBe(before.total);
  });

  it('a suspended reporter does not count, and a held profile is not public until a decision', async () => {
    const target = await member(suite.t, 'user', 'Pat Profile');
    const visitor = (await member(suite.t)).client;
    const suspended = await standingMember();
    await report(suspended, 'profile', target.id);
    await suite.moderator.client.post(`/api/moderation/accounts/${suspended.id}/suspend`, { days: 1, reason: 'Spam.' });
    for (let i = 0; i < 2; i++) await report(await standingMember(), 'profile', target.id);
    expect(await queueItem('profile', target.id)).toMatchObject({ held: false });
    expect((await visitor.get(`/api/users/${target.id}`)).statusCode).toBe(200);
    expect((await visitor.get(`/profile?id=${target.id}`)).body).toContain('Pat Profile');
    await report(await standingMember(), 'profile', target.id);
    expect(await queueItem('profile', target.id)).toMatchObject({ held: true });
    expect((await visitor.get(`/api/users/${target.id}`)).statusCode).toBe(404);
    expect((await visitor.get(`/profile?id=${target.id}`)).body).not.toContain('Pat Profile');
    await suite.moderator.client.post(`/api/moderation/reports/profile/${target.id}/decide`, { action: 'warn', reason: 'Mind the bio.' });
    expect((await visitor.get(`/api/users/${target.id}`)).statusCode).toBe(200);
  });

  it('a held game is not listed, and dismissing lists it again', async () => {
    const maker = await member(suite.t, 'user', 'Mo Maker');
    const gameId = await listGame(suite.moderator, maker);
    const visitor = (await member(suite.t)).client;
    for (let i = 0; i < 3; i++) expect((await report(await standingMember(), 'game', gameId)).statusCode).toBe(201);
    expect(await queueItem('game', gameId)).toMatchObject({ held: true });
    expect((await visitor.get(`/api/games/${gameId}/reviews`)).statusCode).toBe(404);
    await suite.moderator.client.post(`/api/moderation/reports/game/${gameId}/decide`, { action: 'dismiss', reason: 'It works.' });
    expect((await visitor.get(`/api/games/${gameId}/reviews`)).statusCode).toBe(200);
  });
});
