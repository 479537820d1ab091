import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDoc, setDoc, updateDoc } from '../../../test-support/documents/helpers';
import { listGame, moderationSuite, reviewedBy, signedUpDaysAgo, type Member } from '../../../test-support/moderation-fixtures';
import { HttpClient } from '../../../test-support/server/http-client';
import { member, put } from '../../../test-support/submission-fixtures';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { games } from '../../db/schema';
import { createLimiter } from '../../http/limits/limiter';
import { fileReport } from './file-report';

// Decision 0061: a banned member's public content is hidden from others and comes back when the
// ban is lifted; a held list stays private until decided; simultaneous reports all count.

const suite = moderationSuite({ REPORT_HOLD_THRESHOLD: '3' });
const visitor = () => new HttpClient(suite.t.app);

async function standingMember(): Promise<Member> {
  const someone = await member(suite.t);
  await signedUpDaysAgo(suite.t, someone, 2);
  return someone;
}

const reviewBodies = async (gameId: number) => {
  const page = (await visitor().get(`/api/games/${gameId}/reviews?pageSize=50`)).json();
  return { bodies: (page.items as { body: string }[]).map((review) => review.body), total: page.total as number };
};
/** A sample game that is listed on either database. */
const aListedGame = async () =>
  (await suite.t.database.db.select({ id: games.id }).from(games).where(eq(games.status, 'published')).orderBy(games.id).limit(1))[0]!.id;
const publicListIds = async () =>
  ((await visitor().get('/api/lists/public?pageSize=48')).json().items as { id: string }[]).map((list) => list.id);

describe("a banned member's public content", () => {
  it('is hidden from everyone (reviews, replies, games, lists, profile, sitemap) and comes back when the ban is lifted from the account list', async () => {
    const bram = await member(suite.t, 'user', 'Bram Banned');
    const sampleGame = await aListedGame();
    const before = await reviewBodies(sampleGame);
    expect((await bram.client.post(`/api/games/${sampleGame}/reviews`, { stars: 2, body: 'Bram says the ending drags.' })).statusCode).toBe(
      201,
    );
    const ownGame = await listGame(suite.moderator, bram, `Bram's Lantern ${Date.now()}`);
    const { reviewId } = await reviewedBy(suite.t, ownGame, 'Crashed twice on the ferry level.');
    expect((await put(bram.client, `/api/reviews/${reviewId}/reply`, { body: 'Fixed in 1.0.1, thank you!' })).statusCode).toBe(201);
    const listId = `bram-list-${Date.now()}`;
    expect(
      (await setDoc(bram.client, `lists/${listId}`, { ownerId: bram.id, name: 'Bram picks', public: true, games: [] })).statusCode,
    ).toBe(200);
    expect((await reviewBodies(sampleGame)).bodies).toContain('Bram says the ending drags.');
    expect((await visitor().get('/sitemap.xml')).body).toContain(listId);

    const banned = await suite.moderator.client.post(`/api/moderation/accounts/${bram.id}/ban`, { reason: 'Hate speech.' });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(await reviewBodies(sampleGame)).toEqual(before);
    expect((await visitor().get(`/feeds/games/${sampleGame}/reviews.atom`)).body).not.toContain('Bram says');
    expect((await visitor().get(`/api/games/${ownGame}/reviews`)).statusCode).toBe(404);
    expect((await visitor().get(`/api/users/${bram.id}`)).statusCode).toBe(404);
    const onlooker = await member(suite.t);
    expect((await getDoc(onlooker.client, `lists/${listId}`)).statusCode).toBe(403);
    expect(await publicListIds()).not.toContain(listId);
    const sitemap = (await visitor().get('/sitemap.xml')).body;
    expect(sitemap).not.toContain(listId);
    expect(sitemap).not.toContain(bram.id);

    const lifted = await suite.moderator.client.post(`/api/moderation/accounts/${bram.id}/reinstate`, {
      reason: 'The appeal by e-mail was convincing.',
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await reviewBodies(sampleGame)).bodies).toContain('Bram says the ending drags.');
    const ownReviews = (await visitor().get(`/api/games/${ownGame}/reviews`)).json();
    expect(ownReviews.items[0]).toMatchObject({ id: reviewId, reply: { body: 'Fixed in 1.0.1, thank you!' } });
    expect((await getDoc(onlooker.client, `lists/${listId}`)).json()).toMatchObject({ exists: true, data: { public: true } });
    expect(await publicListIds()).toContain(listId);
    expect((await visitor().get(`/api/users/${bram.id}`)).statusCode).toBe(200);
  });

  it("a lifted suspension lists nothing again: only a ban's own unlisting is undone, once", async () => {
    const admin = await member(suite.t, 'admin', 'Ada Admin');
    const maker = await member(suite.t, 'user', 'Sue Suspended');
    const gameId = await listGame(suite.moderator, maker);
    const listed = async () => (await visitor().get(`/api/games/${gameId}/reviews`)).statusCode === 200;
    expect((await suite.moderator.client.post(`/api/moderation/accounts/${maker.id}/ban`, { reason: 'Spam.' })).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    expect(
      (await suite.moderator.client.post(`/api/moderation/accounts/${maker.id}/reinstate`, { reason: 'Mistaken identity.' })).statusCode,
    ).toBe(200);
    expect(await listed()).toBe(true);
    expect((await admin.client.post(`/api/moderation/games/${gameId}/unpublish`, {})).statusCode).toBe(200);
    expect(
      (await suite.moderator.client.post(`/api/moderation/accounts/${maker.id}/suspend`, { days: 1, reason: 'Cool off.' })).statusCode,
    ).toBe(200);
    expect((await suite.moderator.client.post(`/api/moderation/accounts/${maker.id}/reinstate`, { reason: 'Served.' })).statusCode).toBe(
      200,
    );
    expect(await listed()).toBe(false);
  });
});

describe('a held list', () => {
  it('cannot be made public by its owner until a moderator decides, and says why', async () => {
    const owner = await member(suite.t, 'user', 'Lia Lister');
    const listId = `held-list-${Date.now()}`;
    expect(
      (await setDoc(owner.client, `lists/${listId}`, { ownerId: owner.id, name: 'Rude names', public: true, games: [] })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 3; i++)
      expect(
        (await (await standingMember()).client.post('/api/reports', { kind: 'list', targetId: listId, reason: 'harassment' })).statusCode,
      ).toBe(201);
    expect(await publicListIds()).not.toContain(listId);

    const refused = await updateDoc(owner.client, `lists/${listId}`, { public: true });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.message).toMatch(/^This list is held for review/);
    const edited = await updateDoc(owner.client, `lists/${listId}`, { name: 'Kinder names' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await publicListIds()).not.toContain(listId);

    const dismissed = await suite.moderator.client.post(`/api/moderation/reports/list/${listId}/decide`, {
      action: 'dismiss',
      reason: 'Fine now.',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await publicListIds()).toContain(listId);
    expect((await updateDoc(owner.client, `lists/${listId}`, { public: false })).statusCode).toBe(200);
    expect((await updateDoc(owner.client, `lists/${listId}`, { public: true })).statusCode).toBe(200);
  });
});

describe('a list a moderator made private', () => {
  it('stays private for its owner, who is told why, until another moderator overturns the removal on appeal', async () => {
    const owner = await member(suite.t, 'user', 'Rory Remover');
    const listId = `removed-list-${Date.now()}`;
    expect(
      (await setDoc(owner.client, `lists/${listId}`, { ownerId: owner.id, name: 'Insults', public: true, games: [] })).statusCode,
    ).toBe(200);
    expect(
      (await (await standingMember()).client.post('/api/reports', { kind: 'list', targetId: listId, reason: 'harassment' })).statusCode,
    ).toBe(201);
    const removed = await suite.moderator.client.post(`/api/moderation/reports/list/${listId}/decide`, {
      action: 'remove',
      reason: 'Names other members to mock them.',
    });
    expect(removed.statusCode, removed.body).toBe(200);

    const refused = await updateDoc(owner.client, `lists/${listId}`, { public: true });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().error.message).toMatch(/^A moderator made this list private/);
    expect((await updateDoc(owner.client, `lists/${listId}`, { name: 'Kinder now' })).statusCode).toBe(200);
    expect(await publicListIds()).not.toContain(listId);

    const [decision] = (await owner.client.get('/api/me/decisions')).json().items as { id: number }[];
    const appealed = await owner.client.post(`/api/moderation/decisions/${decision!.id}/appeal`, {
      text: 'I renamed it and took the names out.',
    });
    expect(appealed.statusCode, appealed.body).toBe(201);
    const second = await member(suite.t, 'moderator', 'Sid Second');
    const overturned = await second.client.post(`/api/moderation/appeals/${appealed.json().appeal.id}`, {
      outcome: 'overturn',
      reason: 'Fine as it is now.',
    });
    expect(overturned.statusCode, overturned.body).toBe(200);
    expect(await publicListIds()).toContain(listId);
    expect((await updateDoc(owner.client, `lists/${listId}`, { public: false })).statusCode).toBe(200);
    expect((await updateDoc(owner.client, `lists/${listId}`, { public: true })).statusCode).toBe(200);
  });
});

/** The database, but a transaction that has done its work waits for `gate` before it commits. */
function committingAfter(db: Db, gate: Promise<void>, written: () => void): Db {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') {
        return (work: (tx: Db) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            const result = await work(tx);
            written();
            await gate;
            return result;
          });
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const actorOf = (who: Member): Actor => ({
  id: who.id,
  email: who.email,
  name: 'Member',
  username: null,
  image: null,
  role: 'user',
  emailVerified: true,
  signupComplete: true,
  suspension: null,
});

describe('reports filed at the same moment', () => {
  it('a report filed while another is still being written waits for it, so the one that makes three holds the item', async () => {
    const { reviewId } = await reviewedBy(suite.t, await aListedGame(), 'Filed at the same moment.');
    const [first, second, third] = await Promise.all([standingMember(), standingMember(), standingMember()]);
    const input = { kind: 'review' as const, targetId: String(reviewId), reason: 'spam' as const, note: '' };
    expect((await first.client.post('/api/reports', input)).statusCode).toBe(201);

    let release = () => {};
    let written = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const secondWritten = new Promise<void>((resolve) => (written = resolve));
    const limiter = createLimiter(suite.t.database);
    const secondFiling = fileReport(committingAfter(suite.t.database.db, gate, written), limiter, actorOf(second), input, 3);
    await secondWritten;
    // The second report is written but not committed: the third must wait for it to count it.
    const thirdFiling = third.client.post('/api/reports', input);
    await Promise.race([thirdFiling, sleep(1_000)]);
    release();
    await secondFiling;
    expect((await thirdFiling).statusCode).toBe(201);
    const queue = (await suite.moderator.client.get('/api/moderation/reports?pageSize=50')).json().items as {
      kind: string;
      targetId: string;
      held: boolean;
      count: number;
    }[];
    expect(queue.find((group) => group.kind === 'review' && group.targetId === String(reviewId))).toMatchObject({ count: 3, held: true });
  });
});
