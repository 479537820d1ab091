import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bell, listGame, moderationSuite, reviewedBy } from '../../../test-support/moderation-fixtures';
import { member, put } from '../../../test-support/submission-fixtures';
import { reviewReplies } from '../../db/schema';

const suite = moderationSuite();

async function reviewedGame() {
  const maker = await member(suite.t, 'user', 'Mo Maker');
  const gameId = await listGame(suite.moderator, maker);
  const { author, reviewId } = await reviewedBy(suite.t, gameId, 'The second case never loads.');
  return { maker, gameId, author, reviewId };
}

const replyOf = async (gameId: number, reviewId: number) => {
  const reader = await member(suite.t);
  const page = (await reader.client.get(`/api/games/${gameId}/reviews`)).json();
  return (page.items as { id: number; reply: unknown }[]).find((review) => review.id === reviewId)!.reply;
};

describe("a maker's reply", () => {
  it('the maker replies once, edits and deletes it; it is shown with the review and the reviewer is told', async () => {
    const { maker, gameId, author, reviewId } = await reviewedGame();
    expect(await replyOf(gameId, reviewId)).toBeNull();
    const created = await put(maker.client, `/api/reviews/${reviewId}/reply`, { body: 'Fixed in 1.0.2, thank you!' });
    expect(created.statusCode, created.body).toBe(201);
    expect(await replyOf(gameId, reviewId)).toMatchObject({ body: 'Fixed in 1.0.2, thank you!', edited: false });
    expect((await bell(author))[0]).toMatchObject({ kind: 'review-reply', link: `/game-detail?id=${gameId}#reviews` });

    const edited = await put(maker.client, `/api/reviews/${reviewId}/reply`, { body: 'Fixed in 1.0.3.' });
    expect(edited.statusCode).toBe(200);
    expect(await replyOf(gameId, reviewId)).toMatchObject({ body: 'Fixed in 1.0.3.', edited: true });
    expect(await suite.t.database.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId))).toHaveLength(1);
    expect((await author.client.get(`/api/games/${gameId}/reviews/mine`)).json().review.reply).toMatchObject({ body: 'Fixed in 1.0.3.' });

    expect((await maker.client.request({ method: 'DELETE', url: `/api/reviews/${reviewId}/reply` })).statusCode).toBe(200);
    expect(await replyOf(gameId, reviewId)).toBeNull();
  });

  it('only the maker replies, within 2,000 characters, and not while suspended', async () => {
    const { maker, reviewId, author } = await reviewedGame();
    const stranger = await member(suite.t);
    const refused = await put(stranger.client, `/api/reviews/${reviewId}/reply`, { body: 'Me too.' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Only the game's maker can reply to its reviews.");
    expect((await put(author.client, `/api/reviews/${reviewId}/reply`, { body: 'Me too.' })).statusCode).toBe(403);
    expect((await put(maker.client, `/api/reviews/${reviewId}/reply`, { body: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await put(maker.client, `/api/reviews/${reviewId}/reply`, { body: '  ' })).statusCode).toBe(400);
    expect((await put(maker.client, '/api/reviews/999999/reply', { body: 'Hello.' })).statusCode).toBe(404);
    await suite.moderator.client.post(`/api/moderation/accounts/${maker.id}/suspend`, { days: 1, reason: 'Spam replies.' });
    const suspended = await put(maker.client, `/api/reviews/${reviewId}/reply`, { body: 'Thanks!' });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error.message).toMatch(/suspended until/);
    expect(await suite.t.database.db.select().from(reviewReplies).where(eq(reviewReplies.reviewId, reviewId))).toEqual([]);
  });

  it('a reply can be reported and removed, and an overturned appeal puts it back', async () => {
    const { maker, gameId, reviewId } = await reviewedGame();
    const replyId = (await put(maker.client, `/api/reviews/${reviewId}/reply`, { body: 'You clearly cannot play.' })).json().id as number;
    const reporter = await member(suite.t);
    expect(
      (await reporter.client.post('/api/reports', { kind: 'reply', targetId: String(replyId), reason: 'harassment' })).statusCode,
    ).toBe(201);
    const group = (
      (await suite.moderator.client.get('/api/moderation/reports?pageSize=50')).json().items as {
        kind: string;
        targetId: string;
        whenReported: { body: string };
        author: { id: string };
      }[]
    ).find((item) => item.kind === 'reply' && item.targetId === String(replyId));
    expect(group).toMatchObject({ whenReported: { body: 'You clearly cannot play.' }, author: { id: maker.id } });
    const removed = await suite.moderator.client.post(`/api/moderation/reports/reply/${replyId}/decide`, {
      action: 'remove',
      reason: 'Be kind to players.',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await replyOf(gameId, reviewId)).toBeNull();
    expect((await bell(maker))[0]!.body).toContain('Be kind to players.');

    const appeal = await maker.client.post(`/api/moderation/decisions/${removed.json().decision.id}/appeal`, { text: 'It was a joke.' });
    const second = await member(suite.t, 'moderator', 'Sam Second');
    const overturned = await second.client.post(`/api/moderation/appeals/${appeal.json().appeal.id}`, {
      outcome: 'overturn',
      reason: 'Blunt, not abusive.',
    });
    expect(overturned.json().undone).toBe('Your reply is back under the review.');
    expect(await replyOf(gameId, reviewId)).toMatchObject({ id: replyId, body: 'You clearly cannot play.' });
  });
});
