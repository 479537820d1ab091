import { describe, expect, it } from 'vitest';
import { bell, listGame as listGameBy, moderationSuite, type Member } from '../../../test-support/moderation-fixtures';
import { HttpClient } from '../../../test-support/server/http-client';
import { readOutbox } from '../../../test-support/server/outbox';
import { member, put } from '../../../test-support/submission-fixtures';

const suite = moderationSuite();
const listGame = (maker: Member, title: string) => listGameBy(suite.moderator, maker, title);

async function updateGame(maker: Member, gameId: number, tagline: string): Promise<void> {
  const edit = (await maker.client.post('/api/submissions', { gameId })).json().submission;
  await put(maker.client, `/api/submissions/${edit.id}`, { payload: { ...edit.payload, tagline } });
  await maker.client.post(`/api/submissions/${edit.id}/submit`);
  expect((await suite.moderator.client.post(`/api/moderation/submissions/${edit.id}/approve`, {})).statusCode).toBe(200);
}

const preferences = (who: Member, following: { bell: boolean; email: boolean }) =>
  put(who.client, '/api/me/notification-preferences', { following, reviews: { bell: true, email: false } });

describe('following a maker', () => {
  it('tells followers on the bell when the maker lists a game, by e-mail only to those who opted in', async () => {
    const maker = await member(suite.t, 'user', 'Mo Maker');
    const fan = await member(suite.t);
    const mailFan = await member(suite.t);
    const quiet = await member(suite.t);
    for (const who of [fan, mailFan, quiet])
      expect((await put(who.client, `/api/makers/${maker.id}/follow`, {})).json()).toMatchObject({ following: true });
    await preferences(mailFan, { bell: true, email: true });
    await preferences(quiet, { bell: false, email: false });
    expect((await new HttpClient(suite.t.app).get(`/api/makers/${maker.id}/follow`)).json()).toEqual({ following: false, followers: 3 });

    const gameId = await listGame(maker, 'Followed Lantern');
    // The game page links to the maker's page.
    expect((await fan.client.get(`/api/games/${gameId}`)).json().makerId).toBe(maker.id);
    expect((await bell(fan))[0]).toMatchObject({
      kind: 'followed-maker-game',
      title: 'Mo Maker listed a new game',
      link: `/game-detail?id=${gameId}`,
    });
    expect((await bell(mailFan))[0]?.kind).toBe('followed-maker-game');
    expect(await bell(quiet)).toEqual([]);
    expect((await readOutbox(suite.t.app, mailFan.email))[0]?.text).toContain(`/game-detail?id=${gameId}`);
    expect((await readOutbox(suite.t.app, fan.email))[0]?.subject ?? '').not.toContain('listed a new game');

    const feed = (await fan.client.get('/api/me/following/feed')).json();
    expect(feed).toMatchObject({ total: 1, page: 1, items: [{ id: String(gameId), title: 'Followed Lantern' }] });
  });

  it('stops telling after an unfollow', async () => {
    const maker = await member(suite.t);
    const fan = await member(suite.t);
    await put(fan.client, `/api/makers/${maker.id}/follow`, {});
    expect((await fan.client.request({ method: 'DELETE', url: `/api/makers/${maker.id}/follow` })).json()).toEqual({
      following: false,
      followers: 0,
    });
    await listGame(maker, 'Unfollowed Harbour');
    expect(await bell(fan)).toEqual([]);
    expect((await fan.client.get('/api/me/following/feed')).json().total).toBe(0);
  });
});

describe('following a game', () => {
  it('tells followers when the game is updated, and lists it in the Following feed', async () => {
    const maker = await member(suite.t);
    const gameId = await listGame(maker, 'Updated Oracle');
    const fan = await member(suite.t);
    expect((await put(fan.client, `/api/games/${gameId}/follow`, {})).json()).toEqual({ following: true, followers: 1 });
    expect((await fan.client.get(`/api/games/${gameId}/follow`)).json()).toEqual({ following: true, followers: 1 });
    await updateGame(maker, gameId, 'Now with a second season.');
    expect((await bell(fan))[0]).toMatchObject({ kind: 'followed-game-updated', title: 'Updated Oracle was updated' });
    expect((await fan.client.get('/api/me/following/feed?pageSize=1')).json().items[0].tagline).toBe('Now with a second season.');
  });
});

describe('bad requests', () => {
  it('answers 401 to visitors, 400 to bad ids and self-follows, 404 to unknown makers and games, and writes nothing', async () => {
    const someone = await member(suite.t);
    const visitor = new HttpClient(suite.t.app);
    expect((await put(visitor, `/api/makers/${someone.id}/follow`, {})).statusCode).toBe(401);
    expect((await put(visitor, '/api/games/1/follow', {})).statusCode).toBe(401);
    expect((await visitor.get('/api/me/following/feed')).statusCode).toBe(401);
    expect((await put(someone.client, '/api/makers/not%20an%20id!/follow', {})).statusCode).toBe(400);
    expect((await put(someone.client, '/api/games/abc/follow', {})).statusCode).toBe(400);
    const self = await put(someone.client, `/api/makers/${someone.id}/follow`, {});
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe("You can't follow yourself");
    expect((await put(someone.client, '/api/makers/nobody-at-all/follow', {})).statusCode).toBe(404);
    expect((await put(someone.client, '/api/games/999999/follow', {})).statusCode).toBe(404);
    expect((await someone.client.get('/api/me/following/feed?pageSize=1000')).statusCode).toBe(400);
    const badPrefs = await put(someone.client, '/api/me/notification-preferences', { following: { bell: 'yes' } });
    expect(badPrefs.statusCode).toBe(400);
    expect((await someone.client.get('/api/me/notification-preferences')).json()).toEqual({
      following: { bell: true, email: false },
      reviews: { bell: true, email: false },
      moderation: { bell: true, email: false },
    });
  });
});

describe("a maker hears of their games' reviews", () => {
  it('on the bell by default, by e-mail only in the daily digest, and not at all once switched off', async () => {
    const maker = await member(suite.t, 'user', 'Rita Reviewed');
    const gameId = await listGame(maker, 'Reviewed Neon');
    const review = (who: Member, stars: number) =>
      who.client.post(`/api/games/${gameId}/reviews`, { stars, body: 'Clever companions, and the dialogue surprised me.' });

    expect((await review(await member(suite.t), 4)).statusCode).toBe(201);
    expect((await bell(maker))[0]).toMatchObject({
      kind: 'new-review',
      title: 'New 4-star review of Reviewed Neon',
      body: 'Someone rated “Reviewed Neon” 4 out of 5 and wrote a review.',
      link: `/game-detail?id=${gameId}#reviews`,
    });

    await put(maker.client, '/api/me/notification-preferences', {
      following: { bell: true, email: false },
      reviews: { bell: true, email: true },
    });
    expect((await review(await member(suite.t), 5)).statusCode).toBe(201);
    expect((await bell(maker))[0]?.title).toBe('New 5-star review of Reviewed Neon');
    // E-mail comes as one digest a day (review-digest.int.test.ts), never one message per review.
    expect((await readOutbox(suite.t.app, maker.email, 20)).filter((m) => m.subject?.includes('review'))).toEqual([]);

    await put(maker.client, '/api/me/notification-preferences', {
      following: { bell: true, email: false },
      reviews: { bell: false, email: false },
    });
    const before = (await bell(maker)).length;
    expect((await review(await member(suite.t), 2)).statusCode).toBe(201);
    expect((await bell(maker)).length).toBe(before);
  });
});
