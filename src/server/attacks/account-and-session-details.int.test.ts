import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcProvidersSetting, startOidcProvider, type LocalOidcProvider } from '../../test-support/oidc-provider';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { MEMBER_PASSWORD, signUpMember } from '../../test-support/server/members';
import { codeFrom, linkFrom } from '../../test-support/server/outbox';
import { signInWithProvider } from '../../test-support/server/provider-sign-in';
import { sessions, users } from '../db/schema';
import { setRoleByEmail } from '../features/accounts/service';
import { NOT_AN_OBJECT_MESSAGE } from '../http/input-checks';

// Finding 7: get-session handed the session token to page scripts, delete-user {} deleted an
// account with nothing but its cookie, and update-user stored what our profile rules refuse
// (an outside picture, a 5,000-character name; null bodies answered 500).

const PROVIDER_ID = 'local';
let provider: LocalOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [`${TEST_BASE_URL}/api/auth/callback/${PROVIDER_ID}`],
    accounts: {
      tracker: {
        email: 'tracker@idp.example',
        email_verified: true,
        name: `Ada ${'x'.repeat(300)}`,
        picture: 'https://tracker.example/pixel.png',
      },
    },
  });
  t = await createTestApp({ env: { OIDC_PROVIDERS: oidcProvidersSetting(provider, PROVIDER_ID) } });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let counter = 0;
const visitor = () => new HttpClient(t.app, `10.47.0.${++counter}`);
const newEmail = () => `details${++counter}-${Date.now()}@example.com`;
const me = async (client: HttpClient) => (await client.get('/api/me')).json().user;
const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

async function tokensOf(email: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ token: sessions.token })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email));
  return rows.map((row) => row.token);
}

function expectNoToken(response: LightMyRequestResponse, tokens: string[]) {
  expect(response.statusCode, response.body).toBeLessThan(400);
  expect(response.body).not.toMatch(/"token"/);
  for (const token of tokens) expect(response.body).not.toContain(token);
}

/** An account without a password: made by an e-mail link. */
async function emailLinkAccount() {
  const email = newEmail();
  const client = visitor();
  await client.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/' });
  const token = (await linkFrom(client, email)).searchParams.get('token')!;
  const verified = await client.get(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`);
  return { client, email, verified };
}

describe('a script in a signed-in page', () => {
  it('finds no session token in get-session, sign-in, list-sessions or the admin session list', async () => {
    const { client, email } = await signUpMember(t.app);
    const signIn = await visitor().post('/api/auth/sign-in/email', { email, password: MEMBER_PASSWORD });
    const tokens = await tokensOf(email);
    expect(tokens).toHaveLength(2);
    expectNoToken(signIn, tokens);
    const session = await client.get('/api/auth/get-session');
    expectNoToken(session, tokens);
    expect(session.json().session).toMatchObject({ id: expect.any(String), userId: expect.any(String) });
    expectNoToken(await client.get('/api/auth/list-sessions'), tokens);
    expectNoToken(await client.get('/api/me/sessions'), tokens);

    await setRoleByEmail(t.database.db, email, 'admin');
    const userId = session.json().user.id as string;
    expectNoToken(await client.post('/api/auth/admin/list-user-sessions', { userId }), tokens);
  });

  it('finds no session token in the answers of an e-mail link or a phone code', async () => {
    const { email, verified } = await emailLinkAccount();
    expectNoToken(verified, await tokensOf(email));

    const phoneNumber = `+1415558${String(1000 + counter).slice(-4)}`;
    const phone = visitor();
    await phone.post('/api/auth/phone-number/send-otp', { phoneNumber });
    const code = await codeFrom(phone, phoneNumber);
    const signedIn = await phone.post('/api/auth/phone-number/verify', { phoneNumber, code });
    const user = (await me(phone)) as { email: string };
    expectNoToken(signedIn, await tokensOf(user.email));
  });
});

describe('whoever holds only the session cookie', () => {
  it('cannot delete an account that has a password without typing it', async () => {
    const { client, email } = await signUpMember(t.app);
    for (const body of [{}, { password: '' }, { callbackURL: '/' }]) {
      const response = await client.post('/api/auth/delete-user', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('PASSWORD_REQUIRED');
    }
    expect((await client.post('/api/auth/delete-user', { password: 'not-my-password-1' })).statusCode).toBe(400);
    expect(await userRow(email)).toBeDefined();
  });

  it('cannot delete an account without a password unless it signed in within the last 5 minutes', async () => {
    const { client, email } = await emailLinkAccount();
    const user = await userRow(email);
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, user!.id));
    const stale = await client.post('/api/auth/delete-user', {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('RECENT_SIGN_IN_REQUIRED');
    expect(await userRow(email)).toBeDefined();

    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, user!.id));
    expect((await client.post('/api/auth/delete-user', {})).statusCode).toBe(200);
    expect(await userRow(email)).toBeUndefined();
  });

  it("cannot end someone else's session by its id", async () => {
    const victim = await signUpMember(t.app);
    const attacker = await signUpMember(t.app);
    const [victimSession] = (await victim.client.get('/api/me/sessions')).json().items as { id: string }[];
    const response = await attacker.client.request({ method: 'DELETE', url: `/api/me/sessions/${victimSession!.id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not-found');
    expect(await me(victim.client)).toMatchObject({ email: victim.email });
  });
});

/** A new member named 'Kept Name' sends update-user a raw JSON body. */
async function updateUser(payload: string) {
  const { client, email } = await signUpMember(t.app, { name: 'Kept Name' });
  const headers = { 'content-type': 'application/json' };
  const response = await client.request({ method: 'POST', url: '/api/auth/update-user', payload, headers });
  return { response, stored: () => userRow(email) };
}

describe('profile fields written around our rules', () => {
  it.each([
    ['an outside picture', JSON.stringify({ image: 'https://tracker.example/pixel.png' })],
    ['a 5,000-character name', JSON.stringify({ name: 'x'.repeat(5000) })],
    ['a null name', JSON.stringify({ name: null })],
  ])('update-user refuses %s with a 4xx that points to our profile endpoint, and stores nothing', async (_what, payload) => {
    const { response, stored } = await updateUser(payload);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('/api/me/profile');
    expect(await stored()).toMatchObject({ name: 'Kept Name', image: null });
  });

  it.each([
    ['a null body', 'null'],
    ['a false body', 'false'],
  ])('update-user refuses %s as invalid before anything reads it, and stores nothing', async (_what, payload) => {
    const { response, stored } = await updateUser(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'invalid-argument', message: NOT_AN_OBJECT_MESSAGE } });
    expect(await stored()).toMatchObject({ name: 'Kept Name', image: null });
  });

  it('update-session is not offered either', async () => {
    const { client } = await signUpMember(t.app);
    const response = await client.post('/api/auth/update-session', { ipAddress: '203.0.113.9', impersonatedBy: 'someone' });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    ['an outside picture', { image: 'https://tracker.example/pixel.png' }],
    ['a username, before the sign-up step checks it', { username: 'admin_' }],
    ['a 5,000-character name', { name: 'x'.repeat(5000) }],
  ])('sign-up refuses %s and creates nothing', async (_what, extra) => {
    const email = newEmail();
    const response = await visitor().post('/api/auth/sign-up/email', { email, password: MEMBER_PASSWORD, name: 'Newcomer', ...extra });
    expect(response.statusCode).toBe(400);
    expect(await userRow(email)).toBeUndefined();
  });

  it('an e-mail link request refuses a 5,000-character name', async () => {
    const response = await visitor().post('/api/auth/sign-in/magic-link', { email: newEmail(), name: 'x'.repeat(5000), callbackURL: '/' });
    expect(response.statusCode).toBe(400);
  });

  it("a provider's outside picture and over-long name are kept within our rules", async () => {
    const client = visitor();
    await signInWithProvider(client, PROVIDER_ID, 'tracker');
    const row = await userRow('tracker@idp.example');
    expect(row?.image).toBeNull();
    expect(row?.name).toHaveLength(100);
  });
});
