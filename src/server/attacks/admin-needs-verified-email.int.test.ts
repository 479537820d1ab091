import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcProvidersSetting, startOidcProvider, type LocalOidcProvider } from '../../test-support/oidc-provider';
import { buildTestApp, createTestApp, TEST_BASE_URL, type TestApp } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { confirmEmail, linkFrom } from '../../test-support/server/outbox';
import { signInWithProvider } from '../../test-support/server/provider-sign-in';
import { users } from '../db/schema';

// Finding 1: whoever signed up first with an address listed in ADMIN_EMAILS became admin
// without ever proving they own it.

const PROVIDER_ID = 'local';
const PASSWORD = 'obsidian-walrus-lantern-58';
const ADMIN_EMAILS = [
  'boss@example.com',
  'chief@example.com',
  'taken@example.com',
  'verified-boss@idp.example',
  'unverified-boss@idp.example',
];

let provider: LocalOidcProvider;
let t: TestApp;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [`${TEST_BASE_URL}/api/auth/callback/${PROVIDER_ID}`],
    accounts: {
      verified: { email: 'verified-boss@idp.example', email_verified: true, name: 'Verified Boss' },
      unverified: { email: 'unverified-boss@idp.example', email_verified: false, name: 'Claimed Boss' },
    },
  });
  env = { ADMIN_EMAILS: ADMIN_EMAILS.join(','), OIDC_PROVIDERS: oidcProvidersSetting(provider, PROVIDER_ID) };
  t = await createTestApp({ env });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let counter = 0;
const visitor = () => new HttpClient(t.app, `10.31.0.${++counter}`);
const roleOf = async (email: string) =>
  (await t.database.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;
const me = async (client: HttpClient) => (await client.get('/api/me')).json().user;

async function restart() {
  const again = await buildTestApp({ config: t.config, database: t.database });
  await again.close();
}

describe('an attacker signing up with an address listed in ADMIN_EMAILS', () => {
  it('gets no admin role, cannot sign in, reach the admin pages or hand out roles, even after a restart', async () => {
    const mallory = visitor();
    const signUp = await mallory.post('/api/auth/sign-up/email', { email: 'boss@example.com', password: PASSWORD, name: 'Mallory' });
    expect(signUp.statusCode).toBe(200);
    expect(await roleOf('boss@example.com')).toBe('user');

    const signIn = await mallory.post('/api/auth/sign-in/email', { email: 'boss@example.com', password: PASSWORD });
    expect(signIn.statusCode).toBe(403);
    expect((await mallory.get('/api/admin/users')).statusCode).toBe(401);
    const [someone] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'boss@example.com'));
    expect((await mallory.post('/api/auth/admin/set-role', { userId: someone!.id, role: 'admin' })).statusCode).toBe(401);

    await restart();
    expect(await roleOf('boss@example.com')).toBe('user');
  });

  it('gets no admin role through a provider that does not vouch for the address', async () => {
    const mallory = visitor();
    await signInWithProvider(mallory, PROVIDER_ID, 'unverified');
    expect(await roleOf('unverified-boss@idp.example')).toBe('user');
    expect((await mallory.get('/api/admin/users')).statusCode).not.toBe(200);
  });
});

describe('the owner of a listed address', () => {
  it('becomes admin by following the confirmation link, and can then see the users', async () => {
    const owner = visitor();
    await owner.post('/api/auth/sign-up/email', { email: 'chief@example.com', password: PASSWORD, name: 'Chief' });
    expect(await roleOf('chief@example.com')).toBe('user');
    await confirmEmail(owner, 'chief@example.com');
    expect(await me(owner)).toMatchObject({ email: 'chief@example.com', role: 'admin', emailVerified: true });
    expect((await owner.get('/api/admin/users')).statusCode).toBe(200);
  });

  it("becomes admin by signing in with an e-mail link, which also takes away a squatter's password", async () => {
    const mallory = visitor();
    await mallory.post('/api/auth/sign-up/email', { email: 'taken@example.com', password: PASSWORD, name: 'Squatter' });
    expect(await roleOf('taken@example.com')).toBe('user');

    const owner = visitor();
    await owner.post('/api/auth/sign-in/magic-link', { email: 'taken@example.com', callbackURL: '/' });
    const token = (await linkFrom(owner, 'taken@example.com')).searchParams.get('token')!;
    const verified = await owner.get(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=%2F`);
    expect(verified.statusCode).toBe(302);
    expect(await me(owner)).toMatchObject({ email: 'taken@example.com', role: 'admin' });
    const squatter = await mallory.post('/api/auth/sign-in/email', { email: 'taken@example.com', password: PASSWORD });
    expect(squatter.statusCode).toBe(401);
  });

  it('is admin from the first sign-in through a provider that reports the address verified', async () => {
    const owner = visitor();
    await signInWithProvider(owner, PROVIDER_ID, 'verified');
    expect(await me(owner)).toMatchObject({ email: 'verified-boss@idp.example', role: 'admin' });
  });

  it('who verified before being listed becomes admin at the next start', async () => {
    const owner = visitor();
    await owner.post('/api/auth/sign-up/email', { email: 'later@example.com', password: PASSWORD, name: 'Later' });
    await confirmEmail(owner, 'later@example.com');
    expect(await roleOf('later@example.com')).toBe('user');
    const listed = await buildTestApp({
      config: { ...t.config, auth: { ...t.config.auth, adminEmails: [...ADMIN_EMAILS, 'later@example.com'] } },
      database: t.database,
    });
    await listed.close();
    expect(await roleOf('later@example.com')).toBe('admin');
  });
});
