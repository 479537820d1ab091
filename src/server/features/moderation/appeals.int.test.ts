import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bell, histogram, listGame, moderationSuite, reviewedBy, type Member } from '../../../test-support/moderation-fixtures';
import { member } from '../../../test-support/submission-fixtures';
import { moderationLog } from '../../db/schema';

const suite = moderationSuite();

async function removedReview(gameId: number) {
  const { author, reviewId } = await reviewedBy(suite.t, gameId);
  const reporter = await member(suite.t);
  expect((await reporter.client.post('/api/reports', { kind: 'review', targetId: String(reviewId), reason: 'spam' })).statusCode).toBe(201);
  const decided = await suite.moderator.client.post(`/api/moderation/reports/review/${reviewId}/decide`, {
    action: 'remove',
    reason: 'Advertising is not a review.',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return { author, reviewId, decisionId: decided.json().decision.id as number };
}

const appealsQueue = async (who: Member) =>
  (await who.client.get('/api/moderation/appeals?pageSize=50')).json().items as {
    id: number;
    mayDecide: boolean;
    whyNot: string;
    decision: { id: number };
  }[];
const gameReviews = async (who: Member, gameId: number) => (await who.client.get(`/api/games/${gameId}/reviews?pageSize=50`)).json();

describe('appealing a decision', () => {
  it('the author is told how to appeal, appeals once, and only they can', async () => {
    const { author, decisionId } = await removedReview(6);
    const [notice] = await bell(author);
    expect(notice!.body).toContain('Advertising is not a review.');
    expect(notice!.body).toMatch(/appeal once/);
    expect(notice!.link).toBe('/account#decisions');
    const mine = (await author.client.get('/api/me/decisions')).json();
    expect(mine.items[0]).toMatchObject({ id: decisionId, action: 'remove', targetKind: 'review', mayAppeal: true, appeal: null });

    expect((await author.client.post(`/api/moderation/decisions/${decisionId}/appeal`, { text: '   ' })).statusCode).toBe(400);
    expect((await author.client.post('/api/moderation/decisions/nope/appeal', { text: 'Why?' })).statusCode).toBe(400);
    const stranger = await member(suite.t);
    const notTheirs = await stranger.client.post(`/api/moderation/decisions/${decisionId}/appeal`, { text: 'Put it back.' });
    expect(notTheirs.statusCode).toBe(404);
    const filed = await author.client.post(`/api/moderation/decisions/${decisionId}/appeal`, { text: 'It was a joke between friends.' });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().appeal).toMatchObject({ decisionId, status: 'open', text: 'It was a joke between friends.' });
    expect((await author.client.post(`/api/moderation/decisions/${decisionId}/appeal`, { text: 'Again.' })).statusCode).toBe(409);
    expect((await author.client.get('/api/me/decisions')).json().items[0]).toMatchObject({ mayAppeal: false, appeal: { status: 'open' } });
    expect((await author.client.get('/api/moderation/appeals')).statusCode).toBe(403);
  });

  it('goes to another moderator, whose overturn puts the review back and is final, logged and told', async () => {
    const gameId = 7;
    const before = await histogram(suite.t, gameId);
    const { author, reviewId, decisionId } = await removedReview(gameId);
    const appealed = await author.client.post(`/api/moderation/decisions/${decisionId}/appeal`, { text: 'Please look again.' });
    const appealId = appealed.json().appeal.id as number;

    const ownItem = (await appealsQueue(suite.moderator)).find((item) => item.id === appealId);
    expect(ownItem).toMatchObject({ mayDecide: false, decision: { id: decisionId } });
    expect(ownItem!.whyNot).toMatch(/You made this decision/);
    const refused = await suite.moderator.client.post(`/api/moderation/appeals/${appealId}`, {
      outcome: 'overturn',
      reason: 'Mine to undo.',
    });
    expect(refused.statusCode).toBe(403);

    const second = await member(suite.t, 'moderator', 'Sam Second');
    expect((await appealsQueue(second)).find((item) => item.id === appealId)).toMatchObject({ mayDecide: true });
    expect((await second.client.post(`/api/moderation/appeals/${appealId}`, { outcome: 'maybe', reason: 'x' })).statusCode).toBe(400);
    const overturned = await second.client.post(`/api/moderation/appeals/${appealId}`, {
      outcome: 'overturn',
      reason: 'Not an advert on a second look.',
    });
    expect(overturned.statusCode, overturned.body).toBe(200);
    expect(overturned.json()).toMatchObject({
      appeal: { status: 'overturned', reason: 'Not an advert on a second look.' },
      undone: 'Your review is back on the game page.',
    });

    const shown = await gameReviews(author, gameId);
    expect(shown.items.find((review: { id: number }) => review.id === reviewId)).toMatchObject({
      mine: true,
      body: 'Buy cheap coins at spam.example!',
    });
    expect(await histogram(suite.t, gameId)).toEqual(before.map((n, i) => (i === 0 ? n + 1 : n)));
    const [told] = await bell(author);
    expect(told).toMatchObject({ title: 'Your appeal succeeded' });
    expect(told!.body).toContain('Not an advert on a second look.');
    expect(told!.body).not.toMatch(/Sam|Mira/);
    const logged = await suite.t.database.db.select().from(moderationLog).where(eq(moderationLog.decisionId, decisionId));
    expect(logged.map((row) => row.action)).toEqual(expect.arrayContaining(['report-remove', 'appeal-overturn']));
    const third = await member(suite.t, 'moderator', 'Tess Third');
    expect((await third.client.post(`/api/moderation/appeals/${appealId}`, { outcome: 'uphold', reason: 'No.' })).statusCode).toBe(412);
  });

  it('a suspended member appeals; upheld keeps them suspended, overturned lets them post again', async () => {
    const second = await member(suite.t, 'moderator', 'Sam Second');
    const suspendAndAppeal = async () => {
      const someone = await member(suite.t);
      expect(
        (await suite.moderator.client.post(`/api/moderation/accounts/${someone.id}/suspend`, { days: 7, reason: 'Spam.' })).statusCode,
      ).toBe(200);
      const decisionId = (await someone.client.get('/api/me/decisions')).json().items[0].id as number;
      const appealed = await someone.client.post(`/api/moderation/decisions/${decisionId}/appeal`, { text: 'I am not a bot.' });
      expect(appealed.statusCode, appealed.body).toBe(201);
      return { someone, appealId: appealed.json().appeal.id as number };
    };
    const kept = await suspendAndAppeal();
    expect(
      (
        await second.client.post(`/api/moderation/appeals/${kept.appealId}`, { outcome: 'uphold', reason: 'Forty adverts in an hour.' })
      ).json().appeal.status,
    ).toBe('upheld');
    expect((await kept.someone.client.post('/api/games/8/reviews', { stars: 4, body: 'Fine.' })).statusCode).toBe(403);
    expect((await bell(kept.someone))[0]).toMatchObject({ title: 'Your appeal was turned down' });

    const lifted = await suspendAndAppeal();
    const overturned = await second.client.post(`/api/moderation/appeals/${lifted.appealId}`, {
      outcome: 'overturn',
      reason: 'Wrong account.',
    });
    expect(overturned.json().undone).toBe('Your suspension is lifted.');
    expect((await lifted.someone.client.post('/api/games/8/reviews', { stars: 4, body: 'Fine.' })).statusCode).toBe(201);
  });

  it("an overturned unlisting lists the maker's game again", async () => {
    const maker = await member(suite.t, 'user', 'Mo Maker');
    const gameId = await listGame(suite.moderator, maker);
    const reporter = await member(suite.t);
    await reporter.client.post('/api/reports', { kind: 'game', targetId: String(gameId), reason: 'broken' });
    const decided = await suite.moderator.client.post(`/api/moderation/reports/game/${gameId}/decide`, {
      action: 'unlist',
      reason: 'The play link is dead.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await reporter.client.get(`/api/games/${gameId}/reviews`)).statusCode).toBe(404);
    const appealed = await maker.client.post(`/api/moderation/decisions/${decided.json().decision.id}/appeal`, {
      text: 'The server was down for an hour.',
    });
    const second = await member(suite.t, 'moderator', 'Sam Second');
    const overturned = await second.client.post(`/api/moderation/appeals/${appealed.json().appeal.id}`, {
      outcome: 'overturn',
      reason: 'It plays now.',
    });
    expect(overturned.json().undone).toBe('Your game is listed again.');
    expect((await reporter.client.get(`/api/games/${gameId}/reviews`)).statusCode).toBe(200);
  });
});

describe('the appeals list', () => {
  it('shows decided appeals apart from open ones, read-only, with the verdict and who gave it', async () => {
    const { author, decisionId } = await removedReview(10);
    const appealed = await author.client.post(`/api/moderation/decisions/${decisionId}/appeal`, { text: 'It was a quotation.' });
    const appealId = appealed.json().appeal.id as number;
    const second = await member(suite.t, 'moderator', 'Vera Verdict');
    const decided = (status: string) => second.client.get(`/api/moderation/appeals?status=${status}&pageSize=50`);

    expect((await decided('decided')).json().items.find((item: { id: number }) => item.id === appealId)).toBeUndefined();
    expect(
      (await second.client.post(`/api/moderation/appeals/${appealId}`, { outcome: 'uphold', reason: 'Quoted or not, it advertises.' }))
        .statusCode,
    ).toBe(200);

    expect((await appealsQueue(second)).find((item) => item.id === appealId)).toBeUndefined();
    const list = (await decided('decided')).json();
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.items[0]).toMatchObject({
      id: appealId,
      text: 'It was a quotation.',
      mayDecide: false,
      verdict: { status: 'upheld', reason: 'Quoted or not, it advertises.', moderatorName: 'Vera Verdict' },
      decision: { id: decisionId, action: 'remove', reason: 'Advertising is not a review.', moderatorName: 'Mira Moderator' },
    });
    expect(list.items[0].whenReported.body).toBe('Buy cheap coins at spam.example!');

    const bad = await decided('closed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/status must be open or decided/);
  });
});
