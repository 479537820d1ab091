import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { codeFrom, linkFrom } from '../../test-support/server/outbox';
import { verifications } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const visitor = () => new HttpClient(t.app, `10.2.0.${++counter}`);
const newEmail = () => `linker${++counter}-${Date.now()}@example.com`;
const newPhone = () => `+1415555${String(1000 + ++counter).slice(-4)}`;

async function requestLink(client: HttpClient, email: string, next = '/games') {
  const response = await client.post('/api/auth/sign-in/magic-link', { email, callbackURL: next });
  expect(response.statusCode).toBe(200);
  return linkFrom(client, email);
}

/** What the confirm button on /magic-link does. */
function confirmLink(client: HttpClient, link: URL) {
  const token = link.searchParams.get('token')!;
  const next = link.searchParams.get('next') ?? '/';
  return client.get(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(next)}`);
}

describe('e-mail link', () => {
  it('mails a link to our confirm page (not a link that signs in when merely fetched)', async () => {
    const client = visitor();
    const link = await requestLink(client, newEmail());
    expect(link.pathname).toBe('/magic-link');
    expect(link.searchParams.get('next')).toBe('/games');
    expect((await client.get(`${link.pathname}${link.search}`)).statusCode).toBe(200);
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('signs in once, and the same link cannot be used again', async () => {
    const email = newEmail();
    const client = visitor();
    const link = await requestLink(client, email);
    const first = await confirmLink(client, link);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(`${TEST_BASE_URL}/games`);
    expect((await client.get('/api/me')).json().user).toMatchObject({ email, emailVerified: true });

    const other = visitor();
    const second = await confirmLink(other, link);
    expect(String(second.headers.location)).toMatch(/error=/);
    expect((await other.get('/api/me')).json()).toEqual({ user: null });
  });

  it('refuses an expired link', async () => {
    const email = newEmail();
    const client = visitor();
    const link = await requestLink(client, email);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.expiresAt, verifications.expiresAt));
    const response = await confirmLink(client, link);
    expect(String(response.headers.location)).toMatch(/error=/);
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('refuses a link request whose next page is on another site', async () => {
    const response = await visitor().post('/api/auth/sign-in/magic-link', {
      email: newEmail(),
      callbackURL: 'https://evil.example/',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('phone code', () => {
  it('signs in with the 6-digit code sent by SMS', async () => {
    const phoneNumber = newPhone();
    const client = visitor();
    expect((await client.post('/api/auth/phone-number/send-otp', { phoneNumber })).statusCode).toBe(200);
    const code = await codeFrom(client, phoneNumber);
    const verify = await client.post('/api/auth/phone-number/verify', { phoneNumber, code });
    expect(verify.statusCode).toBe(200);
    expect((await client.get('/api/me')).json().user).not.toBeNull();
  });

  it('kills the code after 3 wrong tries', async () => {
    const phoneNumber = newPhone();
    const client = visitor();
    await client.post('/api/auth/phone-number/send-otp', { phoneNumber });
    const code = await codeFrom(client, phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await client.post('/api/auth/phone-number/verify', { phoneNumber, code: wrong });
      expect(response.statusCode, `attempt ${attempt}`).toBe(400);
    }
    const right = await client.post('/api/auth/phone-number/verify', { phoneNumber, code });
    expect(right.statusCode).toBeGreaterThanOrEqual(400);
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it.each(['4155550123', '+1', 'phone', '+99999999999999999'])('refuses the number %s', async (phoneNumber) => {
    const response = await visitor().post('/api/auth/phone-number/send-otp', { phoneNumber });
    expect(response.statusCode).toBe(400);
  });

  it('rate-limits resends with 429', async () => {
    const phoneNumber = newPhone();
    const client = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await client.post('/api/auth/phone-number/send-otp', { phoneNumber })).statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});
