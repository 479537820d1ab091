import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '../../shared/ids';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import { firstAnswerOf, sendRaw } from '../../test-support/server/raw-http';
import { listenOnLoopback } from '../../test-support/server/sse-client';
import { reviews, users } from '../db/schema';
import { MAX_JSON_DEPTH } from '../http/input-checks';

// Finding 9: malformed input answered 500. Each test is the attacker's request and the clean
// 4xx, in the API's error shape, that it now gets; none of them writes anything.

let t: TestApp;
let member: HttpClient;
let admin: HttpClient;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ client: member } = await signUpMember(t.app, { name: 'Mallory' }));
  memberId = ((await member.get('/api/me')).json() as { user: { id: string } }).user.id;
  const staff = await signUpMember(t.app, { name: 'Staff' });
  await t.database.db.update(users).set({ role: 'admin', emailVerified: true }).where(eq(users.email, staff.email));
  admin = staff.client;
});
afterAll(() => t.close());

const errorOf = (response: { statusCode: number; json(): unknown }) => ({
  status: response.statusCode,
  ...(response.json() as { error: { code: string; message: string } }).error,
});

const json = (client: HttpClient, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: string | Buffer) =>
  client.request({ method, url, payload, headers: { 'content-type': 'application/json' } });

const reviewCount = async () => (await t.database.db.select({ n: count() }).from(reviews))[0]!.n;

/** Every route with an id in its path, what the id names, and who may call it. */
const idRoutes = [
  ['GET', '/api/games/{id}', 'game'],
  ['GET', '/api/games/{id}/reviews', 'game'],
  ['GET', '/api/games/{id}/reviews/mine', 'game'],
  ['POST', '/api/games/{id}/reviews', 'game'],
  ['POST', '/api/games/{id}/plays', 'game'],
  ['GET', '/api/games/{id}/similar', 'game'],
  ['PUT', '/api/games/{id}/favourite', 'game'],
  ['DELETE', '/api/games/{id}/favourite', 'game'],
  ['PUT', '/api/reviews/{id}', 'review'],
  ['DELETE', '/api/reviews/{id}', 'review'],
  ['PUT', '/api/reviews/{id}/helpful', 'review'],
  ['DELETE', '/api/reviews/{id}/helpful', 'review'],
  ['GET', '/api/submissions/{id}', 'submission'],
  ['PUT', '/api/submissions/{id}', 'submission'],
  ['POST', '/api/submissions/{id}/submit', 'submission'],
  ['POST', '/api/submissions/{id}/withdraw', 'submission'],
  ['GET', '/api/me/games/{id}/stats', 'game'],
  ['POST', '/api/me/notifications/{id}/read', 'notification'],
  ['POST', '/api/moderation/submissions/{id}/approve', 'submission'],
  ['POST', '/api/moderation/submissions/{id}/reject', 'submission'],
  ['POST', '/api/moderation/submissions/{id}/request-changes', 'submission'],
  ['POST', '/api/moderation/games/{id}/feature', 'game'],
  ['POST', '/api/moderation/games/{id}/unfeature', 'game'],
  ['POST', '/api/moderation/games/{id}/unpublish', 'game'],
] as const;

const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : { stars: 4, body: 'x', note: 'n', payload: {} });

describe('ids past the largest integer id', () => {
  it.each(idRoutes)('%s %s with ids of 2^31 and more answers 404, like any unknown id', async (method, pattern, thing) => {
    const at = (id: string) => admin.request({ method, url: pattern.replace('{id}', id), payload: bodyFor(method) });
    for (const id of [String(MAX_ID + 1), '4294967296', '9007199254740993', '1e21']) {
      expect(errorOf(await at(id)), `${method} ${pattern} ${id}`).toEqual({
        status: 404,
        code: 'not-found',
        message: `No ${thing} with id ${Number(id)}`,
      });
    }
    // The largest id a row can have is an ordinary unknown id; malformed ones stay 400 (decision 0002).
    expect((await at(String(MAX_ID))).statusCode).toBeLessThan(500);
    expect((await at('1.5')).statusCode).toBe(400);
  });

  it('an id too large in a query or a body answers 400 and writes nothing', async () => {
    const among = await member.get(`/api/me/favourites/among?ids=1,${MAX_ID + 1}`);
    expect(errorOf(among)).toEqual({ status: 400, code: 'invalid-argument', message: `Each of ids must be at most ${MAX_ID}` });
    const draft = await member.post('/api/submissions', { gameId: MAX_ID + 1 });
    expect(errorOf(draft)).toEqual({ status: 400, code: 'invalid-argument', message: `gameId must be at most ${MAX_ID}` });
    expect((await member.get('/api/me/submissions')).json()).toMatchObject({ total: 0 });
  });

  it('a page number past any list answers 400, so no OFFSET can overflow', async () => {
    for (const url of ['/api/games?page=1000001', '/api/me/notifications?page=9007199254740993', '/api/games/1/reviews?page=1e300']) {
      expect(errorOf(await member.get(url)), url).toMatchObject({ status: 400, code: 'invalid-argument' });
    }
    expect((await member.get('/api/games?page=1000000')).statusCode).toBe(200);
  });
});

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const nestedObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const tooDeep = {
  status: 400,
  code: 'invalid-argument',
  message: `The JSON body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.`,
};

describe('JSON nested 10,000 levels deep', () => {
  it('is refused on Better Auth endpoints with 400, before anything parses it', async () => {
    const visitor = new HttpClient(t.app, '10.9.0.1');
    for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset']) {
      expect(errorOf(await json(visitor, 'POST', url, nested(10_000))), url).toEqual(tooDeep);
      expect(errorOf(await json(visitor, 'POST', url, nestedObject(10_000))), url).toEqual(tooDeep);
    }
  });

  it('is refused on our own routes and the document store with 400', async () => {
    expect(errorOf(await json(member, 'PUT', '/api/me/profile', nestedObject(10_000)))).toEqual(tooDeep);
    const deepDocument = `{"data":{"x":${nestedObject(10_000)}}}`;
    expect(errorOf(await json(member, 'PUT', `/api/documents/users/${memberId}/deep/one`, deepDocument))).toEqual(tooDeep);
    expect((await member.get(`/api/documents/users/${memberId}/deep/one`)).json()).toMatchObject({ exists: false });
    // Room is left for documents 20 maps deep, in a batch too.
    let data: Record<string, unknown> = { leaf: 1 };
    for (let level = 1; level < 20; level++) data = { [`level${level}`]: data };
    const put = await member.request({ method: 'PUT', url: `/api/documents/users/${memberId}/deep/twenty`, payload: { data } });
    expect(put.statusCode).toBe(200);
    const batch = await member.post('/api/documents:batch', { writes: [{ op: 'set', path: `users/${memberId}/deep/batched`, data }] });
    expect(batch.statusCode).toBe(200);
  });
});

describe('bodies of the wrong kind', () => {
  it('a JSON body that is not an object, or no body, on Better Auth answers 400', async () => {
    const visitor = new HttpClient(t.app, '10.9.0.2');
    for (const payload of ['null', 'false', '1', '[]']) {
      const response = await json(visitor, 'POST', '/api/auth/sign-up/email', payload);
      expect(errorOf(response), payload).toEqual({ status: 400, code: 'invalid-argument', message: 'Send the fields as a JSON object.' });
    }
    const noBody = await visitor.request({ method: 'POST', url: '/api/auth/sign-up/email' });
    expect(noBody.statusCode).toBe(400);
    const name = (await member.get('/api/me')).json().user.name;
    for (const payload of ['null', 'false']) {
      expect((await json(member, 'POST', '/api/auth/update-user', payload)).statusCode, payload).toBe(400);
    }
    expect((await member.request({ method: 'POST', url: '/api/auth/update-user' })).statusCode).toBeLessThan(500);
    expect((await member.get('/api/me')).json().user.name).toBe(name);
  });

  it('text with NUL (which PostgreSQL text cannot hold) answers 400 and writes nothing', async () => {
    const before = await reviewCount();
    const review = await member.post('/api/games/1/reviews', { stars: 4, body: 'a\u0000b' });
    expect(errorOf(review)).toEqual({ status: 400, code: 'invalid-argument', message: 'Text must not contain NUL characters (\\u0000).' });
    expect(await reviewCount()).toBe(before);
    const profile = { name: 'a\u0000b', image: null, bio: '', website: '', latitude: null, longitude: null, links: [] };
    expect((await member.request({ method: 'PUT', url: '/api/me/profile', payload: profile })).statusCode).toBe(400);
    expect((await member.post('/api/submissions', { payload: { title: 'x\u0000y' } })).statusCode).toBe(400);
    expect((await member.get('/api/me/submissions')).json()).toMatchObject({ total: 0 });
    const form = await member.request({
      method: 'POST',
      url: '/api/auth/update-user',
      payload: 'name=a%00b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(400);
  });

  it('a NUL in the address answers 400', async () => {
    for (const url of ['/play/%00', '/api/games?q=a%00', '/api/auth/verify-email?token=%00']) {
      expect(errorOf(await member.get(url)), url).toEqual({
        status: 400,
        code: 'invalid-argument',
        message: 'The address must not contain NUL characters (%00).',
      });
    }
  });

  it('a multipart body that is not well-formed answers 400, not 500', async () => {
    for (const payload of ['--x\r\n', 'garbage', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc']) {
      const response = await member.request({
        method: 'POST',
        url: '/api/uploads',
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(errorOf(response), payload).toMatchObject({ status: 400, code: 'invalid-argument' });
    }
    const noBoundary = await member.request({
      method: 'POST',
      url: '/api/uploads',
      payload: '--x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(errorOf(noBoundary)).toMatchObject({ status: 400, code: 'invalid-argument' });
  });
});

describe('oversized requests', () => {
  it("a body past its route's limit answers 413 in the API shape, naming the limit", async () => {
    const big = JSON.stringify({ bio: 'x'.repeat(300 * 1024) });
    expect(errorOf(await json(member, 'PUT', '/api/me/profile', big))).toEqual({
      status: 413,
      code: 'invalid-argument',
      message: 'The request body is too large: this endpoint takes at most 256 KiB.',
    });
    const signIn = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(70 * 1024) });
    expect(errorOf(await json(new HttpClient(t.app, '10.9.0.3'), 'POST', '/api/auth/sign-in/email', signIn))).toEqual({
      status: 413,
      code: 'invalid-argument',
      message: 'The request body is too large: this endpoint takes at most 64 KiB.',
    });
    // The document store keeps its own limits: a document of 1 MiB goes in, a batch past 10 MiB does not.
    const document = { s: 'x'.repeat(1024 * 1024 - 20) };
    const put = await member.request({ method: 'PUT', url: `/api/documents/users/${memberId}/big/one`, payload: { data: document } });
    expect(put.statusCode).toBe(200);
    const writes = Array.from({ length: 11 }, (_, i) => ({ op: 'set', path: `users/${memberId}/big/b${i}`, data: document }));
    expect(errorOf(await member.post('/api/documents:batch', { writes }))).toMatchObject({
      status: 413,
      code: 'invalid-argument',
      message: 'The request body is too large: this endpoint takes at most 10 MiB.',
    });
  });

  it('a broken percent-encoding or a path part past 100 characters answers in the API shape', async () => {
    expect(errorOf(await member.get('/api/users/%ff'))).toEqual({
      status: 400,
      code: 'invalid-argument',
      message: 'The address is not valid: it has a broken percent-encoding (%).',
    });
    expect(errorOf(await member.get(`/api/games/${'9'.repeat(101)}`))).toMatchObject({ status: 414, code: 'invalid-argument' });
  });

  it('headers past 16 KiB, sent over a real connection, answer 431 in the API shape', async () => {
    const answer = await sendRaw(
      await listenOnLoopback(t.app),
      `GET /api/games?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_BASE_URL}\r\n\r\n`,
    );
    expect(firstAnswerOf(answer)).toEqual({
      status: 431,
      body: { error: { code: 'invalid-argument', message: "The request's address and headers are too large (at most 16 KiB together)." } },
    });
  });
});
