// Finding 6: a moderator or admin approved their own submission, and a maker reviewed their own
// game (the community guidelines say makers do not). Both are refused in the services now, as
// are a maker's helpful votes on reviews of their own game and an admin featuring their own game.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import type { HttpClient } from '../../test-support/server/http-client';
import { member, pendingSubmission, put } from '../../test-support/submission-fixtures';
import { games, moderationLog, reviews, reviewVotes, submissions } from '../db/schema';
import { OWN_GAME_FEATURE_MESSAGE, OWN_SUBMISSION_MESSAGE } from '../features/moderation/service';
import { OWN_GAME_REVIEW_MESSAGE, OWN_GAME_VOTE_MESSAGE } from '../features/reviews/service';

type Member = Awaited<ReturnType<typeof member>>;

let t: TestApp;
let moderator: Member;
let otherModerator: Member;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await member(t, 'moderator', 'Mira Moderator');
  otherModerator = await member(t, 'moderator', 'Otto Moderator');
  admin = await member(t, 'admin', 'Ada Admin');
});
afterAll(() => t.close());

const logCount = async () => (await t.database.db.select({ n: count() }).from(moderationLog))[0]!.n;
const statusOf = async (id: number) =>
  (await t.database.db.select({ s: submissions.status }).from(submissions).where(eq(submissions.id, id)))[0]!.s;
const gameRow = async (id: number) => (await t.database.db.select().from(games).where(eq(games.id, id)))[0]!;

function expectRefused(response: Awaited<ReturnType<HttpClient['post']>>, message: string) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: { code: 'permission-denied', message } });
}

const decisions: [string, object][] = [
  ['approve', {}],
  ['reject', { note: 'Not good enough' }],
  ['request-changes', { note: 'Change the title' }],
];

/** A game of the maker's, listed by someone else's approval. */
async function listedGameOf(maker: Member): Promise<number> {
  const id = await pendingSubmission(maker.client);
  const approved = await otherModerator.client.post(`/api/moderation/submissions/${id}/approve`, {});
  expect(approved.statusCode).toBe(200);
  return approved.json().gameId as number;
}

describe('a moderator or admin decides on their own submission', () => {
  it.each([
    ['a moderator', () => moderator],
    ['an admin', () => admin],
  ])('%s: approve, reject and ask for changes are refused, and nothing is written', async (_who, staff) => {
    const id = await pendingSubmission(staff().client);
    const logBefore = await logCount();
    for (const [decision, body] of decisions) {
      expectRefused(await staff().client.post(`/api/moderation/submissions/${id}/${decision}`, body), OWN_SUBMISSION_MESSAGE);
    }
    expect(await statusOf(id)).toBe('pending');
    expect(await logCount()).toBe(logBefore);
    const [published] = await t.database.db.select({ n: count() }).from(games).where(eq(games.ownerId, staff().id));
    expect(published!.n).toBe(0);
    // Another moderator still can.
    expect((await otherModerator.client.post(`/api/moderation/submissions/${id}/approve`, {})).statusCode).toBe(200);
    expect(await statusOf(id)).toBe('published');
  });

  it('an edit of their own listed game is refused too', async () => {
    const gameId = await listedGameOf(moderator);
    const edit = await moderator.client.post('/api/submissions', { gameId });
    const editId = edit.json().submission.id as number;
    expect(
      (
        await moderator.client.post(`/api/submissions/${editId}/submit`, {
          payload: { ...edit.json().submission.payload, tagline: 'Now the best game ever made, says its maker.' },
        })
      ).statusCode,
    ).toBe(200);
    expectRefused(await moderator.client.post(`/api/moderation/submissions/${editId}/approve`, {}), OWN_SUBMISSION_MESSAGE);
    expect(await statusOf(editId)).toBe('pending');
    expect((await gameRow(gameId)).tagline).not.toContain('best game ever');
  });

  it('an admin featuring their own game is refused; unfeaturing or unpublishing it is not', async () => {
    const gameId = await listedGameOf(admin);
    expectRefused(await admin.client.post(`/api/moderation/games/${gameId}/feature`, {}), OWN_GAME_FEATURE_MESSAGE);
    expect((await gameRow(gameId)).featured).toBe(false);
    expect((await admin.client.post(`/api/moderation/games/${gameId}/unpublish`, { reason: 'Taking it down' })).statusCode).toBe(200);
  });
});

describe('a maker reviews their own game', () => {
  let maker: Member;
  let player: Member;
  let gameId: number;
  beforeAll(async () => {
    maker = await member(t, 'user', 'Maya Maker');
    player = await member(t, 'user', 'Pat Player');
    gameId = await listedGameOf(maker);
  });

  const reviewCount = async () => (await t.database.db.select({ n: count() }).from(reviews).where(eq(reviews.gameId, gameId)))[0]!.n;

  it('is refused, and the rating is untouched', async () => {
    const before = await gameRow(gameId);
    expectRefused(await maker.client.post(`/api/games/${gameId}/reviews`, { stars: 5, body: 'Best game ever.' }), OWN_GAME_REVIEW_MESSAGE);
    expect(await reviewCount()).toBe(0);
    const after = await gameRow(gameId);
    expect([after.ratings1, after.ratings2, after.ratings3, after.ratings4, after.ratings5]).toEqual([
      before.ratings1,
      before.ratings2,
      before.ratings3,
      before.ratings4,
      before.ratings5,
    ]);
  });

  it('is told so before trying: /reviews/mine says the game is theirs', async () => {
    expect((await maker.client.get(`/api/games/${gameId}/reviews/mine`)).json()).toEqual({ review: null, yourGame: true });
    expect((await player.client.get(`/api/games/${gameId}/reviews/mine`)).json()).toEqual({ review: null, yourGame: false });
  });

  it('cannot edit a review of their own game written before this rule', async () => {
    const [old] = await t.database.db
      .insert(reviews)
      .values({ gameId, userId: maker.id, stars: 4, body: 'Written before the rule' })
      .returning();
    await t.database.db
      .update(games)
      .set({ ratings4: sql`${games.ratings4} + 1` })
      .where(eq(games.id, gameId));
    expectRefused(await put(maker.client, `/api/reviews/${old!.id}`, { stars: 5, body: 'Now five stars' }), OWN_GAME_REVIEW_MESSAGE);
    expect((await t.database.db.select().from(reviews).where(eq(reviews.id, old!.id)))[0]).toMatchObject({
      stars: 4,
      body: 'Written before the rule',
    });
    // Deleting it is how they follow the rule.
    expect((await maker.client.request({ method: 'DELETE', url: `/api/reviews/${old!.id}` })).statusCode).toBe(200);
    expect(await reviewCount()).toBe(0);
  });

  it('cannot push players’ reviews of their own game up the "most helpful" order', async () => {
    const posted = await player.client.post(`/api/games/${gameId}/reviews`, { stars: 5, body: 'Loved the witnesses.' });
    expect(posted.statusCode).toBe(201);
    const reviewId = posted.json().id as number;
    expectRefused(await maker.client.request({ method: 'PUT', url: `/api/reviews/${reviewId}/helpful` }), OWN_GAME_VOTE_MESSAGE);
    expect((await t.database.db.select({ n: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, reviewId)))[0]!.n).toBe(0);
    expect((await t.database.db.select({ n: count() }).from(reviewVotes).where(eq(reviewVotes.reviewId, reviewId)))[0]!.n).toBe(0);
    // Taking back a vote (there is none) is not refused.
    expect((await maker.client.request({ method: 'DELETE', url: `/api/reviews/${reviewId}/helpful` })).json()).toEqual({
      votedHelpful: false,
      helpfulCount: 0,
    });
    // Someone else may vote.
    expect((await otherModerator.client.request({ method: 'PUT', url: `/api/reviews/${reviewId}/helpful` })).json()).toEqual({
      votedHelpful: true,
      helpfulCount: 1,
    });
  });
});
