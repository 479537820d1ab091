import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { confirmEmail, linkFrom, pathOf } from '../../test-support/server/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'violet-harbour-lantern-42';
let counter = 0;
const newEmail = () => `player${++counter}-${Date.now()}@example.com`;
/** Each simulated visitor comes from its own address, as the rate limits are per address. */
const visitor = () => new HttpClient(t.app, `10.1.0.${++counter}`);

async function signUp(client: HttpClient, email: string, password = PASSWORD) {
  return client.post('/api/auth/sign-up/email', { email, password, name: 'Ada Player' });
}

async function me(client: HttpClient) {
  return (await client.get('/api/me')).json().user as { email: string; emailVerified: boolean } | null;
}

describe('password accounts', () => {
  it('signs up without signing in, and the mailed link confirms and signs in (HttpOnly, SameSite=Lax)', async () => {
    const client = visitor();
    const email = newEmail();
    const response = await signUp(client, email);
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await me(client)).toBeNull();

    const link = await linkFrom(client, email);
    expect(link.pathname).toBe('/api/auth/verify-email');
    const verified = await client.get(pathOf(link));
    expect(verified.statusCode).toBe(302);
    const cookie = String(verified.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(await me(client)).toMatchObject({ email, emailVerified: true });
  });

  it('asks an account to confirm its address before a password sign-in, and mails a new link', async () => {
    const email = newEmail();
    await signUp(visitor(), email);
    const client = visitor();
    const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(await me(client)).toBeNull();
    expect((await linkFrom(client, email)).searchParams.get('callbackURL')).toBe('/verify-email');
    await confirmEmail(client, email);
    expect(await me(client)).toMatchObject({ email, emailVerified: true });
  });

  it.each([
    ['short', 'Use at least 10 characters'],
    ['qwertyuiop', 'This is one of the most common passwords'],
    ['aaaaaaaaaaaa', 'This password is too easy to guess'],
  ])('refuses the weak password %s and creates nothing', async (password, message) => {
    const client = visitor();
    const email = newEmail();
    const response = await signUp(client, email, password);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(401);
  });

  it('answers an unknown e-mail exactly like a wrong password (no enumeration)', async () => {
    const client = visitor();
    const email = newEmail();
    await signUp(client, email);
    const stranger = visitor();
    const wrongPassword = await stranger.post('/api/auth/sign-in/email', { email, password: 'not-the-password-at-all' });
    const unknownEmail = await stranger.post('/api/auth/sign-in/email', { email: newEmail(), password: PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('signs in and signing out ends the session on the server', async () => {
    const email = newEmail();
    const newcomer = visitor();
    await signUp(newcomer, email);
    await confirmEmail(newcomer, email);
    const client = visitor();
    expect((await client.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
    const stolenCookie = client.cookieHeader;
    expect(await me(client)).toMatchObject({ email });
    expect((await client.post('/api/auth/sign-out')).statusCode).toBe(200);
    const replay = await t.app.inject({ url: '/api/me', headers: { cookie: stolenCookie } });
    expect(replay.json()).toEqual({ user: null });
  });

  it('resets a forgotten password by mail and signs out every other session', async () => {
    const email = newEmail();
    const laptop = visitor();
    await signUp(laptop, email);
    await confirmEmail(laptop, email);
    const phone = visitor();
    const requested = await phone.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(requested.statusCode).toBe(200);
    const link = await linkFrom(phone, email);
    const landing = await phone.get(pathOf(link));
    expect(landing.statusCode).toBe(302);
    const target = new URL(String(landing.headers.location), 'http://x');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token')!;

    const weak = await phone.post('/api/auth/reset-password', { token, newPassword: 'password1234' });
    expect(weak.statusCode).toBe(400);
    const reset = await phone.post('/api/auth/reset-password', { token, newPassword: 'amber-orchard-tunnel-77' });
    expect(reset.statusCode).toBe(200);

    expect(await me(laptop)).toBeNull();
    const oldPassword = await phone.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await phone.post('/api/auth/sign-in/email', { email, password: 'amber-orchard-tunnel-77' });
    expect(newPassword.statusCode).toBe(200);
    const reused = await phone.post('/api/auth/reset-password', { token, newPassword: 'another-quiet-meadow-93' });
    expect(reused.statusCode).toBe(400);
  });

  it('answers the same for a reset of an unknown e-mail', async () => {
    const client = visitor();
    const unknown = await client.post('/api/auth/request-password-reset', { email: newEmail(), redirectTo: '/reset-password' });
    const known = newEmail();
    await signUp(visitor(), known);
    const existing = await client.post('/api/auth/request-password-reset', { email: known, redirectTo: '/reset-password' });
    expect(unknown.statusCode).toBe(existing.statusCode);
    expect(unknown.json()).toEqual(existing.json());
  });

  it('refuses callback URLs that point to another site', async () => {
    const email = newEmail();
    await signUp(visitor(), email);
    const client = visitor();
    for (const callbackURL of ['https://evil.example/steal', '//evil.example/x']) {
      const signIn = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD, callbackURL });
      expect(signIn.statusCode, callbackURL).toBe(403);
      const reset = await client.post('/api/auth/request-password-reset', { email, redirectTo: callbackURL });
      expect(reset.statusCode, callbackURL).toBe(403);
    }
  });

  it('refuses writes from another origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      remoteAddress: '10.1.9.9',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: newEmail(), password: PASSWORD, name: 'Mallory' },
    });
    expect(response.statusCode).toBe(403);
  });
});
