import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, TEST_BASE_URL, type TestApp, testConfig } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { MEMBER_PASSWORD, signUpMember } from '../../test-support/server/members';
import { within } from '../../test-support/within';
import { SESSION_CACHE_MS } from '../auth/session-cache';
import { setRoleByEmail } from '../features/accounts/service';

// Each instance keeps who is signed in for up to SESSION_CACHE_MS (decision 0025). An ended
// session, a ban or a lost role must still hold everywhere: at once on the instance that made
// the change, and within the cache's lifetime (plus a request) on every other one.

const cached = { SESSION_CACHE_MS: String(SESSION_CACHE_MS) };
const WITHIN_MS = SESSION_CACHE_MS + 200;

let t: TestApp;
/** Instance A is `t.app`; B is a second server on the same database. */
let b: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ env: cached });
  b = await buildTestApp({ config: testConfig(cached), database: t.database });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

let counter = 0;
const visitor = () => new HttpClient(t.app, `10.61.0.${++counter}`);

/** The same browser (its cookies) asking instance B. */
const onB = (client: HttpClient, url: string) =>
  b.inject({ method: 'GET', url, remoteAddress: '10.61.1.1', headers: { origin: TEST_BASE_URL, cookie: client.cookieHeader } });

const meOnA = async (client: HttpClient) => (await client.get('/api/me')).json().user as { id: string } | null;
const meOnB = async (client: HttpClient) => (await onB(client, '/api/me')).json().user as { id: string } | null;

/** A member signed in on two devices, both seen (and so cached) by both instances. */
async function memberOnTwoDevices() {
  const { client: laptop, email } = await signUpMember(t.app);
  const phone = visitor();
  expect((await phone.post('/api/auth/sign-in/email', { email, password: MEMBER_PASSWORD })).statusCode).toBe(200);
  for (const device of [laptop, phone]) {
    expect(await meOnA(device)).not.toBeNull();
    expect(await meOnB(device)).not.toBeNull();
  }
  return { laptop, phone, email, id: (await meOnA(laptop))!.id };
}

async function admin() {
  const { client, email } = await signUpMember(t.app);
  await setRoleByEmail(t.database.db, email, 'admin');
  return client;
}

const endsEverywhere = async (device: HttpClient) => {
  expect(await meOnA(device)).toBeNull();
  expect(await within(WITHIN_MS, async () => (await meOnB(device)) === null)).toBe(true);
  expect((await onB(device, '/api/me/notifications')).statusCode).toBe(401);
};

describe('an ended session ends on every instance', () => {
  it('signing out on A signs that device out on B', async () => {
    const { laptop, phone } = await memberOnTwoDevices();
    // Signed out behind the laptop client's back, so it keeps sending the ended session's cookie
    // (as a copy of that cookie would).
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      remoteAddress: '10.61.2.1',
      headers: { origin: TEST_BASE_URL, cookie: laptop.cookieHeader },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    await endsEverywhere(laptop);
    expect(await meOnB(phone)).not.toBeNull();
  });

  it("ending another device's session on A ends it on B", async () => {
    const { laptop, phone } = await memberOnTwoDevices();
    const listed = (await laptop.get('/api/me/sessions')).json().items as { id: string; current: boolean }[];
    const phoneSession = listed.find((session) => !session.current)!;
    expect((await laptop.request({ method: 'DELETE', url: `/api/me/sessions/${phoneSession.id}` })).statusCode).toBe(200);
    await endsEverywhere(phone);
    expect(await meOnB(laptop)).not.toBeNull();
  });

  it('a password change on A that signs out the other devices signs them out on B', async () => {
    const { laptop, phone } = await memberOnTwoDevices();
    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: MEMBER_PASSWORD,
      newPassword: 'harbor-violet-ember-88',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    await endsEverywhere(phone);
    expect(await meOnB(laptop)).not.toBeNull();
  });

  it('a ban on A signs the member out on B', async () => {
    const boss = await admin();
    const { laptop, phone, id } = await memberOnTwoDevices();
    expect((await boss.post('/api/auth/admin/ban-user', { userId: id, banReason: 'spam' })).statusCode).toBe(200);
    await endsEverywhere(laptop);
    await endsEverywhere(phone);
  });

  it('a role taken away on A is gone on B', async () => {
    const boss = await admin();
    const { laptop, email, id } = await memberOnTwoDevices();
    await setRoleByEmail(t.database.db, email, 'admin');
    // Both instances read the new role once their cache lets go of the old one.
    expect(await within(WITHIN_MS, async () => (await onB(laptop, '/api/admin/users')).statusCode === 200)).toBe(true);
    expect(await within(WITHIN_MS, async () => (await laptop.get('/api/admin/users')).statusCode === 200)).toBe(true);
    expect((await boss.post('/api/auth/admin/set-role', { userId: id, role: 'user' })).statusCode).toBe(200);
    expect((await laptop.get('/api/admin/users')).statusCode).toBe(403);
    expect(await within(WITHIN_MS, async () => (await onB(laptop, '/api/admin/users')).statusCode === 403)).toBe(true);
  });
});
