import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { latestMessage } from '../../../test-support/server/outbox';
import { completePayload, member, pendingSubmission, put } from '../../../test-support/submission-fixtures';
import { gameMedia, gamePlays, games, liveEvents, moderationLog, submissions } from '../../db/schema';

let t: TestApp;
let moderator: Awaited<ReturnType<typeof member>>;
let admin: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await member(t, 'moderator', 'Mira Moderator');
  admin = await member(t, 'admin', 'Ada Admin');
});
afterAll(() => t.close());

const logCount = async () => (await t.database.db.select({ n: count() }).from(moderationLog))[0]!.n;
const topicsSince = async (id: number) =>
  (await t.database.db.select({ id: liveEvents.id, topic: liveEvents.topic }).from(liveEvents))
    .filter((e) => e.id > id)
    .map((e) => e.topic);
const lastEventId = async () => Math.max(0, ...(await t.database.db.select({ id: liveEvents.id }).from(liveEvents)).map((e) => e.id));

describe('who may moderate', () => {
  it('answers 401 to visitors and 403 to users, on every moderation endpoint, and changes nothing', async () => {
    const maker = await member(t);
    const id = await pendingSubmission(maker.client);
    const visitor = new HttpClient(t.app);
    const endpoints: [string, string, object?][] = [
      ['GET', '/api/moderation/queue'],
      ['GET', '/api/moderation/log'],
      ['POST', `/api/moderation/submissions/${id}/approve`, {}],
      ['POST', `/api/moderation/submissions/${id}/reject`, { note: 'no' }],
      ['POST', `/api/moderation/submissions/${id}/request-changes`, { note: 'no' }],
      ['POST', '/api/moderation/games/1/feature', {}],
      ['POST', '/api/moderation/games/1/unfeature', {}],
      ['POST', '/api/moderation/games/1/unpublish', {}],
    ];
    for (const [method, url, payload] of endpoints) {
      expect((await visitor.request({ method: method as 'GET', url, payload })).statusCode, url).toBe(401);
      const response = await maker.client.request({ method: method as 'GET', url, payload });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('permission-denied');
    }
    expect((await maker.client.get(`/api/submissions/${id}`)).json().submission.status).toBe('pending');
  });

  it('lets a moderator review but not feature, unfeature or unpublish games', async () => {
    expect((await moderator.client.get('/api/moderation/queue')).statusCode).toBe(200);
    for (const action of ['feature', 'unfeature', 'unpublish']) {
      expect((await moderator.client.post(`/api/moderation/games/1/${action}`, {})).statusCode, action).toBe(403);
    }
    const [game] = await t.database.db.select().from(games).where(eq(games.id, 1));
    expect(game).toMatchObject({ status: 'published', featured: false });
  });

  it('never lets a moderator change roles', async () => {
    const someone = await member(t);
    const response = await moderator.client.post('/api/auth/admin/set-role', { userId: someone.id, role: 'admin' });
    expect(response.statusCode).toBe(403);
    const again = await moderator.client.post('/api/auth/admin/set-role', { userId: moderator.id, role: 'admin' });
    expect(again.statusCode).toBe(403);
    expect((await moderator.client.get('/api/me')).json().user.role).toBe('moderator');
    expect((await someone.client.get('/api/me')).json().user.role).toBe('user');
  });
});

describe('the queue', () => {
  it('lists pending submissions oldest first, paginated', async () => {
    const maker = await member(t, 'user', 'Queue Maker');
    const first = await pendingSubmission(maker.client);
    const second = await pendingSubmission(maker.client);
    await t.database.db
      .update(submissions)
      .set({ submittedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(submissions.id, second));
    const queue = (await moderator.client.get('/api/moderation/queue?pageSize=100')).json();
    const ids = queue.items.map((s: { id: number }) => s.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(queue.items.find((s: { id: number }) => s.id === first)).toMatchObject({
      status: 'pending',
      submitter: { name: 'Queue Maker' },
    });
    expect((await moderator.client.get('/api/moderation/queue?pageSize=500')).statusCode).toBe(400);
  });
});

describe('approving', () => {
  it('lists the game, tells the maker in the app and by e-mail, logs it and announces it live', async () => {
    const maker = await member(t, 'user', 'Maya Maker');
    const payload = completePayload({ title: `Ember Oracle ${Date.now()}` });
    const id = await pendingSubmission(maker.client, payload);
    const since = await lastEventId();
    const logsBefore = await logCount();

    const response = await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {});
    expect(response.statusCode, response.body).toBe(200);
    const gameId = response.json().gameId as number;

    const game = (await maker.client.get(`/api/games/${gameId}`)).json();
    expect(game).toMatchObject({
      title: payload.title,
      tagline: payload.tagline,
      categories: ['puzzle', 'adventure'],
      price: 'paid',
      priceAmount: 4.99,
      developer: 'Lantern Owl Studio',
      playUrl: 'https://play.example.com/quillmind',
      image: payload.cover.path,
      ai: { roles: ['npc-dialogue', 'story'], runsOn: 'cloud', modelFamily: 'Open-weights LLM', outputModerated: true },
    });
    const [row] = await t.database.db.select().from(games).where(eq(games.id, gameId));
    expect(row).toMatchObject({
      ownerId: maker.id,
      status: 'published',
      platforms: ['web', 'windows'],
      homepageUrl: 'https://lanternowl.example.com',
    });
    expect(row!.slug).toMatch(/^ember-oracle-\d+$/);
    expect(row!.publishedAt).toBeInstanceOf(Date);
    expect(row!.searchKeywords).toContain('Puzzle');
    const media = await t.database.db.select().from(gameMedia).where(eq(gameMedia.gameId, gameId)).orderBy(gameMedia.position);
    expect(media.map((m) => m.alt)).toEqual(['Questioning the baker', 'The case board']);

    const listed = (await maker.client.get(`/api/games?q=${encodeURIComponent(payload.title)}`)).json();
    expect(listed.items.map((g: { id: string }) => Number(g.id))).toContain(gameId);

    expect((await maker.client.get(`/api/submissions/${id}`)).json().submission).toMatchObject({ status: 'published', gameId });
    const notes = (await maker.client.get('/api/me/notifications')).json();
    expect(notes.unread).toBe(1);
    expect(notes.items[0]).toMatchObject({ kind: 'submission-approved', read: false, link: `/game-detail?id=${gameId}` });
    const mail = await latestMessage(maker.client, maker.email);
    expect(mail.subject).toContain('is published');
    expect(mail.text).toContain(`/game-detail?id=${gameId}`);

    expect(await logCount()).toBe(logsBefore + 1);
    const log = (await moderator.client.get('/api/moderation/log')).json();
    expect(log.items[0]).toMatchObject({
      action: 'approve',
      submissionId: id,
      gameId,
      actor: { id: moderator.id, name: 'Mira Moderator' },
    });
    const topics = await topicsSince(since);
    expect(topics).toEqual(expect.arrayContaining(['catalogue', `user:${maker.id}`, `game:${gameId}`]));
  });

  it('keeps slugs unique when two games share a title', async () => {
    const maker = await member(t);
    const title = `Twin Title ${Date.now()}`;
    for (let i = 0; i < 2; i++) {
      const id = await pendingSubmission(maker.client, completePayload({ title }));
      expect((await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {})).statusCode).toBe(200);
    }
    const slug = title.toLowerCase().replaceAll(' ', '-');
    const rows = await t.database.db
      .select({ slug: games.slug })
      .from(games)
      .where(like(games.slug, `${slug}%`));
    expect(rows.map((r) => r.slug).sort()).toEqual([slug, `${slug}-2`]);
  });
});

describe('rejecting and asking for changes', () => {
  it.each(['reject', 'request-changes'])('%s needs a note: an empty one answers 400 and writes nothing', async (action) => {
    const maker = await member(t);
    const id = await pendingSubmission(maker.client);
    const logsBefore = await logCount();
    for (const body of [{}, { note: '' }, { note: '   ' }]) {
      const response = await moderator.client.post(`/api/moderation/submissions/${id}/${action}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/note/i);
    }
    expect(await logCount()).toBe(logsBefore);
    expect((await maker.client.get(`/api/submissions/${id}`)).json().submission.status).toBe('pending');
    expect((await maker.client.get('/api/me/notifications')).json()).toMatchObject({ items: [], total: 0, unread: 0 });
  });

  it('a rejection reaches the maker with its reason, in the app and by e-mail, and is logged', async () => {
    const maker = await member(t);
    const id = await pendingSubmission(maker.client);
    const reason = 'The play link opens a page that asks for payment details.';
    const response = await moderator.client.post(`/api/moderation/submissions/${id}/reject`, { note: reason });
    expect(response.statusCode).toBe(200);
    expect((await maker.client.get(`/api/submissions/${id}`)).json().submission).toMatchObject({
      status: 'rejected',
      moderatorNote: reason,
    });
    const notes = (await maker.client.get('/api/me/notifications')).json();
    expect(notes.items[0]).toMatchObject({ kind: 'submission-rejected', link: '/my-games' });
    expect(notes.items[0].body).toContain(reason);
    expect((await latestMessage(maker.client, maker.email)).text).toContain(reason);
    const [entry] = await t.database.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.submissionId, id)));
    expect(entry).toMatchObject({ action: 'reject', actorId: moderator.id, reason });
    expect(entry!.createdAt).toBeInstanceOf(Date);
  });

  it('changes requested: the maker edits and resubmits, and the approval lists the edit', async () => {
    const maker = await member(t);
    const id = await pendingSubmission(maker.client);
    await moderator.client.post(`/api/moderation/submissions/${id}/request-changes`, { note: 'Please describe the AI model.' });
    const sub = (await maker.client.get(`/api/submissions/${id}`)).json().submission;
    expect(sub).toMatchObject({ status: 'changes-requested', moderatorNote: 'Please describe the AI model.' });
    expect((await latestMessage(maker.client, maker.email)).text).toContain('Please describe the AI model.');
    const edited = { ...sub.payload, ai: { ...sub.payload.ai, modelFamily: 'A small on-device model' } };
    expect((await put(maker.client, `/api/submissions/${id}`, { payload: edited })).statusCode).toBe(200);
    expect((await maker.client.post(`/api/submissions/${id}/submit`)).json().submission).toMatchObject({
      status: 'pending',
      moderatorNote: '',
    });
    const approved = (await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {})).json();
    expect((await maker.client.get(`/api/games/${approved.gameId}`)).json().ai.modelFamily).toBe('A small on-device model');
  });
});

describe('editing a published game', () => {
  it('goes through review while the published version stays visible', async () => {
    const maker = await member(t);
    const original = completePayload();
    const id = await pendingSubmission(maker.client, original);
    const { gameId } = (await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {})).json();

    const opened = await maker.client.post('/api/submissions', { gameId });
    expect(opened.statusCode).toBe(201);
    const edit = opened.json().submission;
    expect(edit).toMatchObject({ status: 'draft', gameId, payload: { title: original.title, cover: original.cover } });
    // Asking again opens the same edit rather than a second one.
    expect((await maker.client.post('/api/submissions', { gameId })).json().submission.id).toBe(edit.id);

    await put(maker.client, `/api/submissions/${edit.id}`, { payload: { ...edit.payload, tagline: 'Now with a second season.' } });
    await maker.client.post(`/api/submissions/${edit.id}/submit`);
    expect((await maker.client.get(`/api/games/${gameId}`)).json().tagline).toBe(original.tagline);

    const approved = (await moderator.client.post(`/api/moderation/submissions/${edit.id}/approve`, {})).json();
    expect(approved.gameId).toBe(gameId);
    expect((await maker.client.get(`/api/games/${gameId}`)).json().tagline).toBe('Now with a second season.');
  });

  it("cannot be started on someone else's game", async () => {
    const stranger = await member(t);
    expect((await stranger.client.post('/api/submissions', { gameId: 1 })).statusCode).toBe(404);
  });
});

describe('admin actions', () => {
  it('feature, unfeature and unpublish, each logged with who and why; the maker is told of an unpublish', async () => {
    const maker = await member(t);
    const id = await pendingSubmission(maker.client);
    const { gameId } = (await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {})).json();
    const logsBefore = await logCount();

    expect((await admin.client.post(`/api/moderation/games/${gameId}/feature`, { reason: 'Staff pick' })).statusCode).toBe(200);
    expect((await t.database.db.select().from(games).where(eq(games.id, gameId)))[0]!.featured).toBe(true);
    expect((await admin.client.post(`/api/moderation/games/${gameId}/unfeature`, {})).statusCode).toBe(200);
    expect((await t.database.db.select().from(games).where(eq(games.id, gameId)))[0]!.featured).toBe(false);
    const since = await lastEventId();
    expect((await admin.client.post(`/api/moderation/games/${gameId}/unpublish`, { reason: 'Broken play link' })).statusCode).toBe(200);
    expect((await maker.client.get(`/api/games/${gameId}`)).statusCode).toBe(404);
    expect(await topicsSince(since)).toEqual(expect.arrayContaining(['catalogue', `game:${gameId}`, `user:${maker.id}`]));
    expect((await admin.client.post(`/api/moderation/games/${gameId}/unpublish`, {})).statusCode).toBe(412);
    expect((await admin.client.post('/api/moderation/games/999999/feature', {})).statusCode).toBe(404);

    const entries = await t.database.db.select().from(moderationLog).where(eq(moderationLog.gameId, gameId)).orderBy(moderationLog.id);
    expect(entries.slice(-3).map((e) => [e.action, e.actorId, e.reason])).toEqual([
      ['feature', admin.id, 'Staff pick'],
      ['unfeature', admin.id, ''],
      ['unpublish', admin.id, 'Broken play link'],
    ]);
    expect(await logCount()).toBe(logsBefore + 3);
    const notes = (await maker.client.get('/api/me/notifications')).json();
    expect(notes.items[0]).toMatchObject({ kind: 'game-unpublished' });
    expect((await latestMessage(maker.client, maker.email)).text).toContain('Broken play link');
  });
});

describe('my games', () => {
  it("shows the maker 30 days of plays and favourites, and nobody else's", async () => {
    const maker = await member(t);
    const id = await pendingSubmission(maker.client);
    const { gameId } = (await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {})).json();
    await t.database.db.insert(gamePlays).values([
      { gameId, userId: 'a', playedAt: new Date(Date.now() - 2 * 86_400_000) },
      { gameId, userId: 'b', playedAt: new Date(Date.now() - 2 * 86_400_000) },
      { gameId, userId: 'c', playedAt: new Date(Date.now() - 40 * 86_400_000) },
    ]);
    const fan = await member(t);
    await fan.client.request({ method: 'PUT', url: `/api/games/${gameId}/favourite` });

    const stats = (await maker.client.get(`/api/me/games/${gameId}/stats`)).json();
    expect(stats.days).toHaveLength(30);
    expect(stats.days.reduce((n: number, d: { plays: number }) => n + d.plays, 0)).toBe(2);
    expect(stats.days.at(-1).favourites).toBe(1);
    expect(stats.days.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(stats).toMatchObject({ gameId, listed: true, rating: 0, ratingCount: 0, reviewCount: 0 });
    expect((await fan.client.get(`/api/me/games/${gameId}/stats`)).statusCode).toBe(404);
  });
});

describe('notifications', () => {
  it('are marked read one by one or all at once, and only by their owner', async () => {
    const maker = await member(t);
    for (let i = 0; i < 2; i++) {
      const id = await pendingSubmission(maker.client);
      await moderator.client.post(`/api/moderation/submissions/${id}/reject`, { note: 'Not an AI game.' });
    }
    const before = (await maker.client.get('/api/me/notifications?pageSize=1')).json();
    expect(before).toMatchObject({ unread: 2, total: 2, pageSize: 1 });
    expect(before.items).toHaveLength(1);
    // A page past the last still says how many there are.
    expect((await maker.client.get('/api/me/notifications?page=3&pageSize=1')).json()).toMatchObject({
      items: [],
      unread: 2,
      total: 2,
      page: 3,
    });
    const [first] = before.items;
    const stranger = await member(t);
    expect((await stranger.client.post(`/api/me/notifications/${first.id}/read`)).statusCode).toBe(404);
    expect((await maker.client.post(`/api/me/notifications/${first.id}/read`)).statusCode).toBe(200);
    expect((await maker.client.get('/api/me/notifications')).json().unread).toBe(1);
    await maker.client.post('/api/me/notifications/read-all');
    expect((await maker.client.get('/api/me/notifications')).json().unread).toBe(0);
    expect((await new HttpClient(t.app).get('/api/me/notifications')).statusCode).toBe(401);
  });

  it("are counted in /api/me for the header's bell: the owner's unread ones, and nothing for a visitor", async () => {
    const maker = await member(t);
    const unreadInMe = async (client: HttpClient) => (await client.get('/api/me')).json().unreadNotifications;
    expect(await unreadInMe(maker.client)).toBe(0);
    for (let i = 0; i < 2; i++) {
      const id = await pendingSubmission(maker.client);
      await moderator.client.post(`/api/moderation/submissions/${id}/reject`, { note: 'Not an AI game.' });
    }
    expect(await unreadInMe(maker.client)).toBe(2);
    expect(await unreadInMe(maker.client)).toBe((await maker.client.get('/api/me/notifications?pageSize=1')).json().unread);
    expect(await unreadInMe((await member(t)).client)).toBe(0);
    const visitor = (await new HttpClient(t.app).get('/api/me')).json();
    expect(visitor).toEqual({ user: null });
    const [first] = (await maker.client.get('/api/me/notifications')).json().items;
    await maker.client.post(`/api/me/notifications/${first.id}/read`);
    expect(await unreadInMe(maker.client)).toBe(1);
    await maker.client.post('/api/me/notifications/read-all');
    expect(await unreadInMe(maker.client)).toBe(0);
  });
});
