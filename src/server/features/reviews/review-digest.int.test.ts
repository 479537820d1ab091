import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { readOutbox } from '../../../test-support/server/outbox';
import { completePayload, member, pendingSubmission, put } from '../../../test-support/submission-fixtures';
import { within } from '../../../test-support/within';

type Member = Awaited<ReturnType<typeof member>>;
const DIGEST_EVERY_MS = 200;

let t: TestApp;
let moderator: Member;
beforeAll(async () => {
  t = await createTestApp({ jobTiming: { everyMs: DIGEST_EVERY_MS, leaseMs: 1_500 }, env: { MESSAGE_POLL_MS: '50' } });
  moderator = await member(t, 'moderator');
});
afterAll(() => t.close());

async function listGame(maker: Member, title: string): Promise<number> {
  const id = await pendingSubmission(maker.client, completePayload({ title }));
  return (await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {})).json().gameId as number;
}

const reviewsByEmail = (maker: Member, email: boolean) =>
  put(maker.client, '/api/me/notification-preferences', { following: { bell: true, email: false }, reviews: { bell: true, email } });

/** Written by a new member; answers its id. */
async function review(gameId: number, stars: number, body: string): Promise<number> {
  const answer = await (await member(t)).client.post(`/api/games/${gameId}/reviews`, { stars, body });
  expect(answer.statusCode).toBe(201);
  return answer.json().id as number;
}

/**
 * Moves time on without waiting: the reviews were written `minutesAgo` (a digest leaves out
 * the last minute's, which may still be committing) and, unless said otherwise, the maker chose
 * e-mail before that. One transaction, so a digest sees all of it or none.
 */
async function backdate(maker: Member, reviewIds: number[], { secondsAgo = 120, lastDigestAt = sql`now() - interval '1 hour'` } = {}) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`update notification_preferences set digested_through = ${lastDigestAt} where user_id = ${maker.id}`);
    for (const id of reviewIds)
      await tx.execute(sql`update reviews set created_at = now() - make_interval(secs => ${secondsAgo}) where id = ${id}`);
  });
}

const digests = async (maker: Member) => (await readOutbox(t.app, maker.email, 20)).filter((m) => m.subject?.includes('of your games'));
/** Waits for the maker's `count`-th digest (a run every 200 ms). */
async function nthDigest(maker: Member, count: number) {
  expect(await within(10_000, async () => (await digests(maker)).length >= count)).toBe(true);
  return (await digests(maker))[0]!;
}

describe('the daily review digest', () => {
  it("tells a maker who chose e-mail of their games' reviews in one message, then only of newer ones", async () => {
    const maker = await member(t, 'user', 'Dana Digest');
    const lantern = await listGame(maker, 'Digest Lantern');
    const orchard = await listGame(maker, 'Digest Orchard');
    await reviewsByEmail(maker, true);
    const told = [
      await review(lantern, 5, 'The companion remembered my name three sessions later.'),
      await review(orchard, 2, 'Pretty, but the dialogue loops after an hour.'),
    ];
    await backdate(maker, told);

    const first = await nthDigest(maker, 1);
    expect(first.subject).toBe('2 new reviews of your games · GameSource');
    expect(first.text).toContain('Hello Dana Digest');
    expect(first.text).toContain('★★★★★ Digest Lantern');
    expect(first.text).toContain('“The companion remembered my name three sessions later.”');
    expect(first.text).toContain('★★☆☆☆ Digest Orchard');
    expect(first.text).toContain(`/game-detail?id=${orchard}#reviews`);

    // Where the first digest left off: a review since then goes in the next; one of the last minute waits.
    const fresh = await review(lantern, 4, 'Still thinking about the ending.');
    const since = await review(lantern, 3, 'Good, if short.');
    await backdate(maker, [since], {
      secondsAgo: 90,
      lastDigestAt: sql`(select max(created_at) from reviews where id in (${told[0]}, ${told[1]}))`,
    });
    const second = await nthDigest(maker, 2);
    expect(second.subject).toBe('A new review of your games · GameSource');
    expect(second.text).toContain('“Good, if short.”');
    expect(second.text).not.toContain('Still thinking');
    expect(second.text).not.toContain('three sessions later');
    expect(fresh).toBeGreaterThan(0);
  });

  it("leaves out a review held for review and one by a banned member, as the game's page does", async () => {
    const maker = await member(t, 'user', 'Hal Held');
    const game = await listGame(maker, 'Digest Held');
    await reviewsByEmail(maker, true);
    const shown = await review(game, 4, 'A fair puzzle box.');
    const held = await review(game, 1, 'Held: an insult, not a review.');
    const banned = await member(t, 'user', 'Bea Banned');
    const byBanned = (await banned.client.post(`/api/games/${game}/reviews`, { stars: 1, body: 'Banned: spam link here.' })).json()
      .id as number;
    await t.database.db.execute(sql`update reviews set held = true where id = ${held}`);
    expect((await moderator.client.post(`/api/moderation/accounts/${banned.id}/ban`, { reason: 'Spam.' })).statusCode).toBe(200);
    await backdate(maker, [shown, held, byBanned]);
    const digest = await nthDigest(maker, 1);
    expect(digest.subject).toBe('A new review of your games · GameSource');
    expect(digest.text).toContain('A fair puzzle box.');
    expect(digest.text).not.toContain('Held:');
    expect(digest.text).not.toContain('Banned:');
  });

  it('sends nothing to makers who keep reviews off e-mail, nor of reviews made while it was off', async () => {
    const quiet = await member(t, 'user', 'Quinn Quiet');
    await reviewsByEmail(quiet, false);
    const game = await listGame(quiet, 'Digest Quiet');
    await backdate(quiet, [await review(game, 4, 'Nobody will be e-mailed about this one.')]);

    const switcher = await member(t, 'user', 'Sam Switch');
    const other = await listGame(switcher, 'Digest Switch');
    await reviewsByEmail(switcher, false);
    // Chosen an hour ago, a review ten minutes ago, e-mail switched on now.
    await backdate(switcher, [await review(other, 3, 'Written while e-mail was off.')], { secondsAgo: 600 });
    await reviewsByEmail(switcher, true);

    const runs = () => t.app.periodicJobs.runs.counts('review digests sent').succeeded;
    const before = runs();
    expect(await within(10_000, () => runs() >= before + 3)).toBe(true);
    expect(await digests(switcher)).toEqual([]);
    expect(await digests(quiet)).toEqual([]);
  });
});
