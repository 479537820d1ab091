import { describe, expect, it } from 'vitest';
import { bell, moderationSuite, reviewedBy } from '../../../test-support/moderation-fixtures';
import { HttpClient } from '../../../test-support/server/http-client';
import { member, put } from '../../../test-support/submission-fixtures';

const suite = moderationSuite();

describe("a member's data export", () => {
  it('is one JSON file of their profile, reviews, favourites, follows, reports filed and decisions about them, and nobody else’s', async () => {
    expect((await new HttpClient(suite.t.app).get('/api/me/export')).statusCode).toBe(401);
    const { author, reviewId } = await reviewedBy(suite.t, 10, 'Spam spam spam.');
    const voter = await member(suite.t, 'user', 'Vera Voter');
    expect((await put(voter.client, `/api/reviews/${reviewId}/helpful`, {})).statusCode).toBe(200);
    expect((await put(author.client, '/api/games/11/favourite', {})).statusCode).toBeLessThan(300);
    const reporter = await member(suite.t, 'user', 'Ria Reporter');
    await reporter.client.post('/api/reports', { kind: 'review', targetId: String(reviewId), reason: 'spam', note: 'Adverts.' });
    await author.client.post('/api/reports', { kind: 'profile', targetId: reporter.id, reason: 'other', note: 'Mine to report.' });
    await suite.moderator.client.post(`/api/moderation/reports/review/${reviewId}/decide`, { action: 'remove', reason: 'Advertising.' });
    expect((await bell(author)).length).toBeGreaterThan(0);

    const exported = await author.client.get('/api/me/export');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="gamesource-data-/);
    expect(exported.headers['cache-control']).toBe('no-store');
    const data = exported.json();
    expect(data).toMatchObject({
      format: 'gamesource-member-data/1',
      profile: { id: author.id, email: author.email, name: 'Rex Reviewer' },
    });
    expect(data.favourites.map((f: { gameId: number }) => f.gameId)).toContain(11);
    expect(data.reportsFiled).toEqual([expect.objectContaining({ kind: 'profile', targetId: reporter.id, note: 'Mine to report.' })]);
    expect(data.decisionsAboutYou).toEqual([
      expect.objectContaining({
        action: 'remove',
        reason: 'Advertising.',
        kept: expect.objectContaining({ review: expect.objectContaining({ body: 'Spam spam spam.' }) }),
      }),
    ]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(exported.body).not.toContain(voter.id);
    expect(exported.body).not.toContain(reporter.email);
    expect(exported.body).not.toContain('Adverts.');
    expect(exported.body).not.toContain('Mira');
    expect(exported.body).not.toMatch(/"token"/);
  });

  it('is limited to five an hour, with a clear 429', async () => {
    const someone = await member(suite.t);
    for (let i = 0; i < 5; i++) expect((await someone.client.get('/api/me/export')).statusCode).toBe(200);
    const refused = await someone.client.get('/api/me/export');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/5 times this hour/);
  });
});
