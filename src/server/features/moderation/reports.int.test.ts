import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { histogram as histogramOf, moderationSuite, reviewedBy as reviewOf } from '../../../test-support/moderation-fixtures';
import { HttpClient } from '../../../test-support/server/http-client';
import { member } from '../../../test-support/submission-fixtures';
import { moderationLog, reviews } from '../../db/schema';

const suite = moderationSuite();
const histogram = (gameId: number) => histogramOf(suite.t, gameId);
const reviewedBy = (gameId: number) => reviewOf(suite.t, gameId);

describe('reporting', () => {
  it('asks a visitor to sign in, and takes one open report per member per item', async () => {
    const { reviewId } = await reviewedBy(2);
    const report = { kind: 'review', targetId: String(reviewId), reason: 'spam', note: 'An advert.' };
    expect((await new HttpClient(suite.t.app).post('/api/reports', report)).statusCode).toBe(401);
    const reporter = await member(suite.t);
    const filed = await reporter.client.post('/api/reports', report);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().report.status).toBe('open');
    const again = await reporter.client.post('/api/reports', report);
    expect(again.statusCode).toBe(409);
    expect((await reporter.client.post('/api/reports', { ...report, reason: 'harmful-ai-output' })).statusCode).toBe(400);
  });

  it('keeps the text as first reported, and a removal moves the histogram; author and reporter are told', async () => {
    const gameId = 3;
    const { author, reviewId } = await reviewedBy(gameId);
    const before = await histogram(gameId);
    const reporter = await member(suite.t);
    await reporter.client.post('/api/reports', { kind: 'review', targetId: String(reviewId), reason: 'spam' });
    await author.client.request({ method: 'PUT', url: `/api/reviews/${reviewId}`, payload: { stars: 1, body: 'Nothing to see here.' } });

    const queue = (await suite.moderator.client.get('/api/moderation/reports?pageSize=50')).json();
    const group = queue.items.find((g: { kind: string; targetId: string }) => g.kind === 'review' && g.targetId === String(reviewId));
    expect(group).toMatchObject({ count: 1, mayDecide: true, reasons: [{ reason: 'spam', count: 1 }] });
    expect(group.whenReported.body).toContain('spam.example');
    expect(group.now.body).toBe('Nothing to see here.');

    const decided = await suite.moderator.client.post(`/api/moderation/reports/review/${reviewId}/decide`, {
      action: 'remove',
      reason: 'Advertising is not a review.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await suite.t.database.db.select().from(reviews).where(eq(reviews.id, reviewId))).toEqual([]);
    const after = await histogram(gameId);
    expect(after[0]).toBe(before[0]! - 1);
    const told = (await author.client.get('/api/me/notifications')).json().items[0];
    expect(told.body).toContain('Advertising is not a review.');
    const heard = (await reporter.client.get('/api/me/notifications')).json().items[0];
    expect(heard.kind).toBe('report-outcome');
    expect(heard.body).not.toContain('Mira');
    const [logged] = await suite.t.database.db.select().from(moderationLog).where(eq(moderationLog.action, 'report-remove'));
    expect(logged).toMatchObject({ actorId: suite.moderator.id, reason: 'Advertising is not a review.' });
  });
});

describe('who decides', () => {
  it('a member cannot open the queue; a moderator cannot decide a report they filed or about their own content', async () => {
    const someone = await member(suite.t);
    expect((await someone.client.get('/api/moderation/reports')).statusCode).toBe(403);
    const { reviewId } = await reviewedBy(4);
    await suite.moderator.client.post('/api/reports', { kind: 'review', targetId: String(reviewId), reason: 'other' });
    const refused = await suite.moderator.client.post(`/api/moderation/reports/review/${reviewId}/decide`, {
      action: 'dismiss',
      reason: 'Fine.',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/you filed/);
    const reporter = await member(suite.t);
    const own = await reporter.client.post('/api/reports', { kind: 'profile', targetId: suite.moderator.id, reason: 'other' });
    expect(own.statusCode).toBe(201);
    const mine = await suite.moderator.client.post(`/api/moderation/reports/profile/${suite.moderator.id}/decide`, {
      action: 'dismiss',
      reason: 'Fine.',
    });
    expect(mine.statusCode).toBe(403);
  });
});

describe('suspended and banned', () => {
  it("a suspended member's writes are refused with 403 saying until when, and nothing is written", async () => {
    const someone = await member(suite.t);
    const suspended = await suite.moderator.client.post(`/api/moderation/accounts/${someone.id}/suspend`, {
      days: 7,
      reason: 'Repeated spam.',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const review = await someone.client.post('/api/games/5/reviews', { stars: 5, body: 'Great.' });
    expect(review.statusCode).toBe(403);
    expect(review.json().error.message).toMatch(/suspended until .*Repeated spam/);
    expect(await suite.t.database.db.select().from(reviews).where(eq(reviews.userId, someone.id))).toEqual([]);
    expect((await someone.client.get('/api/me')).json().user.suspension.reason).toBe('Repeated spam.');
    await suite.moderator.client.post(`/api/moderation/accounts/${someone.id}/reinstate`, { reason: 'Served.' });
    expect((await someone.client.post('/api/games/5/reviews', { stars: 5, body: 'Great.' })).statusCode).toBe(201);
  });

  it('a ban ends the sessions and the account is listed until reinstated', async () => {
    const someone = await member(suite.t);
    expect((await suite.moderator.client.post(`/api/moderation/accounts/${someone.id}/ban`, { reason: 'Hate.' })).statusCode).toBe(200);
    expect((await someone.client.get('/api/me')).json()).toEqual({ user: null });
    const listed = (await suite.moderator.client.get('/api/moderation/accounts')).json();
    expect(listed.items.find((a: { id: string }) => a.id === someone.id)).toMatchObject({ standing: 'banned', reason: 'Hate.' });
  });
});
