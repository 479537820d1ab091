// Finding 3: a page on another origin of the same site (another port of the same host gets the
// SameSite=Lax cookie) made the victim's browser count plays, mark notifications read, withdraw
// a submission, upload a file and sign in as the demo account. Every state-changing request
// under /api must now come from the site's own origin.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test-support/server/app';
import { member, pendingSubmission } from '../../test-support/submission-fixtures';
import { makePng, multipartBody } from '../../test-support/test-images';
import { games, notifications, sessions, submissions, uploads, users } from '../db/schema';
import { notify } from '../features/notifications/service';
import { FOREIGN_ORIGIN_MESSAGE } from '../http/origin-check';

let t: TestApp;
let dataDir: string;
let victim: Awaited<ReturnType<typeof member>>;
let submissionId: number;
let png: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-csrf-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  victim = await member(t, 'user', 'Victim');
  submissionId = await pendingSubmission(victim.client);
  await t.database.db.transaction((tx) =>
    notify(tx, victim.id, { kind: 'test', title: 'Unread', body: 'Still unread', link: '/my-games' }),
  );
  png = await makePng(64, 64);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Where the victim's browser was sent, with the victim's cookie, by the attacker's page. */
const attempts: { name: string; request: () => Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> } }[] = [
  { name: 'a play (body-less POST)', request: () => ({ method: 'POST', url: '/api/games/3/plays' }) },
  { name: 'a play through a percent-encoded path', request: () => ({ method: 'POST', url: '/%61pi/games/3/plays' }) },
  { name: 'notifications read-all', request: () => ({ method: 'POST', url: '/api/me/notifications/read-all' }) },
  { name: 'withdrawing a submission', request: () => ({ method: 'POST', url: `/api/submissions/${submissionId}/withdraw` }) },
  {
    name: 'a multipart upload',
    request: () => {
      const { payload, contentType } = multipartBody(png);
      return { method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType } };
    },
  },
  { name: 'a favourite (PUT)', request: () => ({ method: 'PUT', url: '/api/games/3/favourite' }) },
  { name: 'the demo sign-in', request: () => ({ method: 'POST', url: '/api/demo/sign-in' }) },
  {
    name: 'a form post to the demo sign-in',
    request: () => ({ method: 'POST', url: '/api/demo/sign-in', payload: 'prize=1', headers: { 'content-type': 'text/plain' } }),
  },
  { name: 'an /api/auth sign-out', request: () => ({ method: 'POST', url: '/api/auth/sign-out', payload: {} }) },
  {
    name: 'an /api/auth sign-up dressed as a provider callback',
    request: () => ({
      method: 'POST',
      url: '/api/auth/callback/../sign-up/email',
      payload: { email: 'planted@example.com', password: 'harvest-moon-lighthouse-22', name: 'Planted' },
    }),
  },
];

const refusedShapes: [string, Record<string, string>][] = [
  ['another port of the same host', { origin: `${TEST_BASE_URL}:8080` }],
  ['the same host over https', { origin: TEST_BASE_URL.replace('http:', 'https:') }],
  ['another site', { origin: 'https://evil.example' }],
  ['an opaque origin (Origin: null, from a sandboxed frame or a data: page)', { origin: 'null' }],
  ['no Origin but Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ['no Origin but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['neither Origin nor Sec-Fetch-Site', {}],
];

const playCount = async () => (await t.database.db.select({ n: games.playCount }).from(games).where(eq(games.id, 3)))[0]!.n;
const unread = async () =>
  (
    await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, victim.id), isNull(notifications.readAt)))
  )[0]!.n;
const submissionStatus = async () =>
  (await t.database.db.select({ s: submissions.status }).from(submissions).where(eq(submissions.id, submissionId)))[0]!.s;
const uploadCount = async () => (await t.database.db.select({ n: count() }).from(uploads))[0]!.n;
const sessionCount = async () => (await t.database.db.select({ n: count() }).from(sessions))[0]!.n;
const victimName = async () => (await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, victim.id)))[0]!.name;
const planted = async () => (await t.database.db.select({ n: count() }).from(users).where(eq(users.email, 'planted@example.com')))[0]!.n;

async function snapshot() {
  return {
    playCount: await playCount(),
    unread: await unread(),
    submission: await submissionStatus(),
    uploads: await uploadCount(),
    sessions: await sessionCount(),
    name: await victimName(),
    planted: await planted(),
  };
}

describe('a page on another origin sends the victim’s browser to change things', () => {
  it.each(refusedShapes)('from %s: every attempt is refused with 403 and nothing is written', async (_shape, headers) => {
    const before = await snapshot();
    expect(before).toMatchObject({ unread: 1, submission: 'pending', name: 'Victim', planted: 0 });
    for (const attempt of attempts) {
      const request = attempt.request();
      const response = await t.app.inject({
        ...request,
        remoteAddress: '10.13.3.1',
        headers: { cookie: victim.client.cookieHeader, ...request.headers, ...headers },
      });
      expect(response.statusCode, attempt.name).toBe(403);
      expect(response.json(), attempt.name).toEqual({ error: { code: 'permission-denied', message: FOREIGN_ORIGIN_MESSAGE } });
      expect(response.headers['set-cookie'], attempt.name).toBeUndefined();
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the site’s own pages', () => {
  it('still change things: by their Origin, or by Sec-Fetch-Site: same-origin when a browser sends no Origin', async () => {
    const fromSite = (request: ReturnType<(typeof attempts)[number]['request']>, headers: Record<string, string>) =>
      t.app.inject({
        ...request,
        remoteAddress: '10.13.3.2',
        headers: { cookie: victim.client.cookieHeader, ...request.headers, ...headers },
      });
    const origin = { origin: TEST_BASE_URL };
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    const plays = await playCount();
    expect((await fromSite(attempts[0]!.request(), origin)).json()).toMatchObject({ counted: true });
    expect(await playCount()).toBe(plays + 1);
    expect((await fromSite(attempts[2]!.request(), sameOrigin)).statusCode).toBe(200);
    expect(await unread()).toBe(0);
    expect((await fromSite(attempts[3]!.request(), origin)).statusCode).toBe(200);
    expect(await submissionStatus()).toBe('withdrawn');
    expect((await fromSite(attempts[4]!.request(), sameOrigin)).statusCode).toBe(201);
    const signedIn = await sessionCount();
    expect((await fromSite(attempts[8]!.request(), origin)).statusCode).toBe(200);
    expect(await sessionCount()).toBe(signedIn - 1);
  });

  it('lets an identity provider post its answer to the sign-in callback from its own origin (state and PKCE guard it)', async () => {
    const sessionsBefore = await sessionCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/local-id',
      remoteAddress: '10.13.3.3',
      headers: { origin: 'https://id.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=forged&state=forged',
    });
    // Past the origin check, Better Auth refuses an answer it did not ask for.
    expect(response.statusCode).not.toBe(403);
    expect(response.statusCode).toBeLessThan(500);
    expect(await sessionCount()).toBe(sessionsBefore);
  });
});
