import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMER_PLAYER, type Review, type ReviewPage } from '../../../shared/reviews';
import { insertGame, testGame } from '../../../test-support/insert-game';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { MEMBER_PASSWORD, signUpMember } from '../../../test-support/server/members';
import { games, liveEvents, reviews, reviewVotes, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let gamesMade = 0;

/** A game of this test's own, with an empty histogram unless told otherwise. */
async function makeGame({ status = 'published' as 'published' | 'draft', histogram = [0, 0, 0, 0, 0] } = {}) {
  const n = ++gamesMade;
  return insertGame(
    t.database.db,
    testGame(`review-test-${n}-${Date.now()}`, {
      title: `Review Test ${n}`,
      status,
      ratings1: histogram[0],
      ratings2: histogram[1],
      ratings3: histogram[2],
      ratings4: histogram[3],
      ratings5: histogram[4],
    }),
  );
}

async function member(name = 'Reviewer') {
  return (await signUpMember(t.app, { name })).client;
}

const json = <T>(response: { json(): unknown }) => response.json() as T;
const post = (client: HttpClient, gameId: number, payload: object) =>
  client.request({ method: 'POST', url: `/api/games/${gameId}/reviews`, payload });
const put = (client: HttpClient, reviewId: number, payload: object) =>
  client.request({ method: 'PUT', url: `/api/reviews/${reviewId}`, payload });
const remove = (client: HttpClient, reviewId: number) => client.request({ method: 'DELETE', url: `/api/reviews/${reviewId}` });
const vote = (client: HttpClient, reviewId: number, helpful: boolean) =>
  client.request({ method: helpful ? 'PUT' : 'DELETE', url: `/api/reviews/${reviewId}/helpful` });

async function write(client: HttpClient, gameId: number, stars: number, body = `${stars} stars from me`) {
  const response = await post(client, gameId, { stars, body });
  expect(response.statusCode, response.body).toBe(201);
  return json<Review>(response);
}

async function page(gameId: number, query = '', client = new HttpClient(t.app, '10.9.9.9')) {
  const response = await client.get(`/api/games/${gameId}/reviews${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<ReviewPage>(response);
}

async function detail(gameId: number) {
  const response = await new HttpClient(t.app).get(`/api/games/${gameId}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ rating: number; ratingCount: number; ratingHistogram: number[]; media: unknown[] }>(response);
}

async function reviewCount(gameId: number) {
  return (await t.database.db.select().from(reviews).where(eq(reviews.gameId, gameId))).length;
}

describe('writing a review', () => {
  it('creates a review that anyone can read, with the author name and no author id', async () => {
    const gameId = await makeGame();
    const author = await member('Robin Reviewer');
    const created = await write(author, gameId, 4, '  Clever puzzles, kind hints.  ');
    expect(created).toMatchObject({
      gameId,
      authorName: 'Robin Reviewer',
      stars: 4,
      body: 'Clever puzzles, kind hints.',
      helpfulCount: 0,
      edited: false,
      mine: true,
      votedHelpful: false,
    });
    const { items, total } = await page(gameId);
    expect(total).toBe(1);
    expect(items[0]).toEqual({ ...created, mine: false });
    expect(Object.keys(items[0]!)).not.toContain('userId');
    const mine = await author.get(`/api/games/${gameId}/reviews/mine`);
    expect(json<{ review: Review; yourGame: boolean }>(mine)).toEqual({ review: created, yourGame: false });
  });

  it.each([
    ['0 stars', { stars: 0, body: 'x' }, 'Pick from 1 to 5 stars'],
    ['6 stars', { stars: 6, body: 'x' }, 'Pick from 1 to 5 stars'],
    ['2.5 stars', { stars: 2.5, body: 'x' }, 'Pick from 1 to 5 stars'],
    ['stars as text', { stars: '4', body: 'x' }, 'Pick from 1 to 5 stars'],
    ['no stars', { body: 'x' }, 'Pick from 1 to 5 stars'],
    ['5,001 characters', { stars: 3, body: 'a'.repeat(5001) }, 'Keep your review to 5,000 characters or fewer'],
    ['no text field', { stars: 3 }, 'Write your review as text'],
  ])('refuses %s with 400 and writes nothing', async (_name, payload, message) => {
    const gameId = await makeGame();
    const response = await post(await member(), gameId, payload);
    expect(response.statusCode).toBe(400);
    expect(json<{ error: { code: string; message: string } }>(response).error).toMatchObject({ code: 'invalid-argument' });
    expect(response.body).toContain(message);
    expect(await reviewCount(gameId)).toBe(0);
    expect((await detail(gameId)).ratingHistogram).toEqual([0, 0, 0, 0, 0]);
  });

  it('accepts exactly 5,000 characters, and stars without text', async () => {
    const gameId = await makeGame();
    expect((await write(await member(), gameId, 2, 'b'.repeat(5000))).body).toHaveLength(5000);
    expect((await write(await member(), gameId, 5, '')).body).toBe('');
  });

  it('answers 404 for an unknown game and for a draft, and writes nothing', async () => {
    const author = await member();
    const unknown = await post(author, 999_999, { stars: 3, body: 'Hello' });
    expect(unknown.statusCode).toBe(404);
    expect(json<{ error: unknown }>(unknown).error).toEqual({ code: 'not-found', message: 'No game with id 999999' });
    const draft = await makeGame({ status: 'draft' });
    expect((await post(author, draft, { stars: 3, body: 'Hello' })).statusCode).toBe(404);
    expect(await reviewCount(draft)).toBe(0);
    expect((await new HttpClient(t.app).get(`/api/games/${draft}/reviews`)).statusCode).toBe(404);
  });

  it('answers 401 to a signed-out visitor for every write, and lets them read', async () => {
    const gameId = await makeGame();
    const review = await write(await member(), gameId, 3);
    const visitor = new HttpClient(t.app, '10.9.0.1');
    for (const response of [
      await post(visitor, gameId, { stars: 3, body: 'x' }),
      await put(visitor, review.id, { stars: 1, body: 'x' }),
      await remove(visitor, review.id),
      await vote(visitor, review.id, true),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(json<{ error: { code: string } }>(response).error.code).toBe('unauthenticated');
    }
    expect((await page(gameId, '', visitor)).items).toEqual([{ ...review, mine: false }]);
    expect(json<{ review: null }>(await visitor.get(`/api/games/${gameId}/reviews/mine`))).toEqual({ review: null, yourGame: false });
  });

  it('allows one review per user per game: a second one answers 409', async () => {
    const gameId = await makeGame();
    const author = await member();
    await write(author, gameId, 5);
    const second = await post(author, gameId, { stars: 1, body: 'Changed my mind' });
    expect(second.statusCode).toBe(409);
    expect(json<{ error: { code: string } }>(second).error.code).toBe('already-exists');
    expect(await reviewCount(gameId)).toBe(1);
    expect((await detail(gameId)).ratingHistogram).toEqual([0, 0, 0, 0, 1]);
  });
});

describe('editing and deleting', () => {
  it('lets only the author edit or delete (403 for anyone else), marking edits', async () => {
    const gameId = await makeGame();
    const author = await member();
    const other = await member();
    const review = await write(author, gameId, 2, 'Too hard');
    const foreignEdit = await put(other, review.id, { stars: 5, body: 'Hacked' });
    expect(foreignEdit.statusCode).toBe(403);
    expect(json<{ error: { code: string } }>(foreignEdit).error.code).toBe('permission-denied');
    expect((await remove(other, review.id)).statusCode).toBe(403);
    expect((await page(gameId)).items[0]).toMatchObject({ stars: 2, body: 'Too hard', edited: false });

    const badEdit = await put(author, review.id, { stars: 0, body: 'x' });
    expect(badEdit.statusCode).toBe(400);
    const edited = await put(author, review.id, { stars: 3, body: 'Hard but fair' });
    expect(edited.statusCode).toBe(200);
    expect(json<Review>(edited)).toMatchObject({ stars: 3, body: 'Hard but fair', edited: true, mine: true });

    expect((await put(author, 999_999, { stars: 3, body: 'x' })).statusCode).toBe(404);
    expect((await remove(author, review.id)).json()).toEqual({ deleted: true });
    expect(await reviewCount(gameId)).toBe(0);
    expect((await remove(author, review.id)).statusCode).toBe(404);
  });

  it("refuses an edit once the game is no longer listed, changing neither the review nor the game's rating; the author may still delete it", async () => {
    const gameId = await makeGame();
    const author = await member();
    const review = await write(author, gameId, 4, 'Clever rivals');
    await t.database.db.update(games).set({ status: 'draft' }).where(eq(games.id, gameId));
    const refused = await put(author, review.id, { stars: 1, body: 'Changed my mind' });
    expect(refused.statusCode).toBe(404);
    expect(json<{ error: { message: string } }>(refused).error.message).toBe(`No game with id ${gameId}`);
    const [kept] = await t.database.db.select({ stars: reviews.stars, body: reviews.body }).from(reviews).where(eq(reviews.id, review.id));
    expect(kept).toEqual({ stars: 4, body: 'Clever rivals' });
    const [game] = await t.database.db
      .select({ ratings1: games.ratings1, ratings4: games.ratings4 })
      .from(games)
      .where(eq(games.id, gameId));
    expect(game).toEqual({ ratings1: 0, ratings4: 1 });
    expect((await remove(author, review.id)).json()).toEqual({ deleted: true });
  });

  it('lets the author write again after deleting', async () => {
    const gameId = await makeGame();
    const author = await member();
    const first = await write(author, gameId, 1);
    await remove(author, first.id);
    expect((await write(author, gameId, 4)).stars).toBe(4);
  });
});

describe('the rating follows the reviews', () => {
  it('moves the histogram, rating and count exactly on create, edit and delete', async () => {
    const gameId = await makeGame({ histogram: [1, 0, 0, 2, 1] });
    expect(await detail(gameId)).toMatchObject({ ratingHistogram: [1, 0, 0, 2, 1], ratingCount: 4, rating: 3.5 });

    const author = await member();
    const review = await write(author, gameId, 5);
    expect(await detail(gameId)).toMatchObject({ ratingHistogram: [1, 0, 0, 2, 2], ratingCount: 5, rating: 3.8 });

    await put(author, review.id, { stars: 2, body: 'Worse on replay' });
    expect(await detail(gameId)).toMatchObject({ ratingHistogram: [1, 1, 0, 2, 1], ratingCount: 5, rating: 3.2 });

    await put(author, review.id, { stars: 2, body: 'Same stars, new words' });
    expect((await detail(gameId)).ratingHistogram).toEqual([1, 1, 0, 2, 1]);

    await remove(author, review.id);
    expect(await detail(gameId)).toMatchObject({ ratingHistogram: [1, 0, 0, 2, 1], ratingCount: 4, rating: 3.5 });
  });

  it('keeps the histogram exact when one author sends many edits of a review at once', async () => {
    const gameId = await makeGame({ histogram: [0, 2, 0, 0, 0] });
    const author = await member();
    const review = await write(author, gameId, 3);
    const edits = await Promise.all(
      Array.from({ length: 12 }, (_, n) => put(author, review.id, { stars: 1 + (n % 5), body: `Edit ${n}` })),
    );
    expect(edits.map((edit) => edit.statusCode)).toEqual(edits.map(() => 200));
    const [last] = await t.database.db.select({ stars: reviews.stars }).from(reviews).where(eq(reviews.id, review.id));
    const expected = [0, 2, 0, 0, 0];
    expected[last!.stars - 1]! += 1;
    expect((await detail(gameId)).ratingHistogram).toEqual(expected);
  });

  it('announces every review write on the game and the catalogue topics', async () => {
    const gameId = await makeGame();
    const topics = [`game:${gameId}`, 'catalogue'];
    const events = () =>
      t.database.db
        .select()
        .from(liveEvents)
        .where(inArray(liveEvents.topic, topics))
        .then((rows) => rows.filter((row) => row.topic !== 'catalogue' || (row.payload as { gameId?: number }).gameId === gameId));
    const author = await member();
    const review = await write(author, gameId, 4);
    await put(author, review.id, { stars: 5, body: 'Even better' });
    await remove(author, review.id);
    const payloads = (await events()).map((row) => [row.topic, row.payload]);
    expect(payloads).toEqual(
      Array.from({ length: 3 }, () => [
        [`game:${gameId}`, { change: 'reviews' }],
        ['catalogue', { gameId, change: 'rating' }],
      ]).flat(),
    );
  });

  it('keeps the seeded histogram of a sample game as the starting point', async () => {
    const [sample] = await t.database.db.select({ id: games.id }).from(games).where(eq(games.slug, 'the-lying-sphinx'));
    const before = await detail(sample!.id);
    expect(before.ratingCount).toBeGreaterThan(0);
    expect(before.ratingHistogram.reduce((a, b) => a + b, 0)).toBe(before.ratingCount);
    const review = await write(await member(), sample!.id, 1);
    const after = await detail(sample!.id);
    expect(after.ratingHistogram).toEqual([before.ratingHistogram[0]! + 1, ...before.ratingHistogram.slice(1)]);
    expect(after.ratingCount).toBe(before.ratingCount + 1);
    expect(review.stars).toBe(1);
  });
});

describe('helpful votes and order', () => {
  it('toggles a helpful vote once per user, never on your own review', async () => {
    const gameId = await makeGame();
    const author = await member();
    const reader = await member();
    const review = await write(author, gameId, 4);

    const own = await vote(author, review.id, true);
    expect(own.statusCode).toBe(403);
    expect(json<{ error: { code: string } }>(own).error.code).toBe('permission-denied');

    expect(json(await vote(reader, review.id, true))).toEqual({ votedHelpful: true, helpfulCount: 1 });
    expect(json(await vote(reader, review.id, true))).toEqual({ votedHelpful: true, helpfulCount: 1 });
    expect((await page(gameId, '', reader)).items[0]).toMatchObject({ helpfulCount: 1, votedHelpful: true });
    expect((await page(gameId, '', author)).items[0]).toMatchObject({ helpfulCount: 1, votedHelpful: false });
    expect(json(await vote(reader, review.id, false))).toEqual({ votedHelpful: false, helpfulCount: 0 });
    expect(json(await vote(reader, review.id, false))).toEqual({ votedHelpful: false, helpfulCount: 0 });
    expect((await vote(reader, 999_999, true)).statusCode).toBe(404);
  });

  it("refuses a maker's vote on their own game's reviews but lets them take one back, and any vote once the game is unlisted", async () => {
    const gameId = await makeGame();
    const { client: maker, email } = await signUpMember(t.app, { name: 'Maker' });
    const [makerRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.database.db.update(games).set({ ownerId: makerRow!.id }).where(eq(games.id, gameId));
    const review = await write(await member(), gameId, 5);

    const refused = await vote(maker, review.id, true);
    expect(refused.statusCode).toBe(403);
    expect(json<{ error: { message: string } }>(refused).error.message).toMatch(/Makers don't mark reviews of their own games helpful/);
    expect(json(await vote(maker, review.id, false))).toEqual({ votedHelpful: false, helpfulCount: 0 });

    const reader = await member();
    const eventsBefore = await t.database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.topic, `game:${gameId}`));
    expect(json(await vote(reader, review.id, true))).toEqual({ votedHelpful: true, helpfulCount: 1 });
    const eventsAfter = await t.database.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(eq(liveEvents.topic, `game:${gameId}`));
    expect(eventsAfter.length - eventsBefore.length).toBe(1);

    await t.database.db.update(games).set({ status: 'draft' }).where(eq(games.id, gameId));
    const unlisted = await vote(reader, review.id, false);
    expect(unlisted.statusCode).toBe(404);
    expect(json<{ error: { message: string } }>(unlisted).error.message).toBe(`No game with id ${gameId}`);
    const [kept] = await t.database.db.select({ helpfulCount: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, review.id));
    expect(kept).toEqual({ helpfulCount: 1 });
  });

  it('counts votes cast at the same moment, each once', async () => {
    const gameId = await makeGame();
    const review = await write(await member(), gameId, 3);
    const readers = await Promise.all(Array.from({ length: 8 }, () => member()));
    const answers = await Promise.all(readers.flatMap((reader) => [vote(reader, review.id, true), vote(reader, review.id, true)]));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const [counted] = await t.database.db.select({ helpfulCount: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, review.id));
    expect(counted).toEqual({ helpfulCount: 8 });
    await Promise.all(readers.map((reader) => vote(reader, review.id, false)));
    expect((await page(gameId, '', readers[0]!)).items[0]).toMatchObject({ helpfulCount: 0, votedHelpful: false });
  });

  it('orders by newest or by most helpful, paginated with a hard page-size limit', async () => {
    const gameId = await makeGame();
    const authors = [await member('First'), await member('Second'), await member('Third')];
    const written: Review[] = [];
    for (const [index, author] of authors.entries()) written.push(await write(author, gameId, index + 3));
    const voters = [await member(), await member()];
    for (const voter of voters) await vote(voter, written[0]!.id, true);
    await vote(voters[0]!, written[1]!.id, true);

    const names = (result: ReviewPage) => result.items.map((review) => review.authorName);
    expect(names(await page(gameId))).toEqual(['Third', 'Second', 'First']);
    expect(names(await page(gameId, '?order=newest'))).toEqual(['Third', 'Second', 'First']);
    expect(names(await page(gameId, '?order=most-helpful'))).toEqual(['First', 'Second', 'Third']);

    const firstPage = await page(gameId, '?order=most-helpful&pageSize=2');
    expect(firstPage).toMatchObject({ total: 3, page: 1, pageSize: 2, order: 'most-helpful' });
    expect(names(firstPage)).toEqual(['First', 'Second']);
    expect(names(await page(gameId, '?order=most-helpful&pageSize=2&page=2'))).toEqual(['Third']);
    expect(await page(gameId, '?pageSize=2&page=3')).toMatchObject({ items: [], total: 3, page: 3 });
    expect(await page(await makeGame())).toMatchObject({ items: [], total: 0, page: 1 });

    for (const query of ['?order=best', '?pageSize=51', '?pageSize=0', '?page=0']) {
      const response = await new HttpClient(t.app).get(`/api/games/${gameId}/reviews${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('deleting an account', () => {
  it('keeps the review, anonymised as "Former player", with nothing of the author left', async () => {
    const gameId = await makeGame();
    const { client: author, email } = await signUpMember(t.app, { name: 'Vanishing Val' });
    const reader = await member();
    const review = await write(author, gameId, 5, 'Loved it');
    const authored = await write(reader, gameId, 2, 'Not for me');
    await vote(reader, review.id, true);
    await vote(author, authored.id, true);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));

    const deleted = await author.post('/api/auth/delete-user', { password: MEMBER_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const listed = await page(gameId, '?order=newest', reader);
    const kept = listed.items.find((item) => item.id === review.id);
    expect(kept).toMatchObject({ authorName: FORMER_PLAYER, stars: 5, body: 'Loved it', mine: false, helpfulCount: 1 });
    expect(JSON.stringify(listed)).not.toContain('Vanishing Val');
    expect(JSON.stringify(listed)).not.toContain(row!.id);
    expect(JSON.stringify(listed)).not.toContain(email);
    const [stored] = await t.database.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(stored!.userId).toBeNull();
    expect(await t.database.db.select().from(reviewVotes).where(eq(reviewVotes.userId, row!.id))).toEqual([]);
    // The vote they cast went with them, and so did the count it added.
    expect(listed.items.find((item) => item.id === authored.id)).toMatchObject({ helpfulCount: 0 });
    // Their rating still counts.
    expect((await detail(gameId)).ratingHistogram).toEqual([0, 1, 0, 0, 1]);
    // Nobody can take over an anonymised review.
    expect((await put(reader, review.id, { stars: 1, body: 'mine now' })).statusCode).toBe(403);
    expect((await remove(reader, review.id)).statusCode).toBe(403);
  });
});

describe('the game page payload', () => {
  it('carries the rating histogram and the screenshots, cover not among them', async () => {
    const [sample] = await t.database.db.select({ id: games.id }).from(games).where(eq(games.slug, 'humfield'));
    const game = await detail(sample!.id);
    expect(game.ratingHistogram).toHaveLength(5);
    expect(game.media).toEqual([
      { path: '/media/humfield-1.svg', alt: expect.any(String) as string },
      { path: '/media/humfield-2.svg', alt: expect.any(String) as string },
    ]);
    expect(await detail(await makeGame())).toMatchObject({ media: [], ratingHistogram: [0, 0, 0, 0, 0] });
  });
});
