import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../test-support/server/app';
import { testDatabaseUrl } from '../../test-support/server/database';
import { HttpClient } from '../../test-support/server/http-client';
import { MEMBER_PASSWORD, signUpMember } from '../../test-support/server/members';
import { outboxMessages } from '../db/schema';

// Finding 5: Better Auth limited sign-ins only per client address, so an attacker with many
// addresses could guess an account's password or flood one phone number with codes. Now every
// sign-in path and every code or link sent is throttled per account identifier too, with a
// backoff, in the database.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
/** The attacker has as many addresses as they like: each request may come from a new one. */
const fromNewAddress = () => new HttpClient(t.app, `10.5.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`);
let numbers = 0;
const newPhone = () => `+1415555${String(1000 + ++numbers).slice(-4)}`;
const WRONG = 'not-the-password-at-all-7';

function expectThrottled(response: LightMyRequestResponse, message = /Too many attempts for this account\. Try again in \d+ seconds?\./) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(response.json().message).toMatch(message);
}

/** 21 addresses, each staying within the per-address limit (5 a minute): 105 guesses. */
async function guessFromManyAddresses(path: string, body: object) {
  for (let address = 0; address < 21; address++) {
    const client = fromNewAddress();
    for (let guess = 0; guess < 5; guess++) await client.post(path, body);
  }
}

describe('an attacker guessing one account’s password from many addresses', () => {
  it('is refused with 429 and Retry-After, even when they finally send the right password', async () => {
    const { email } = await signUpMember(t.app);
    await guessFromManyAddresses('/api/auth/sign-in/email', { email, password: WRONG });
    const client = fromNewAddress();
    expectThrottled(await client.post('/api/auth/sign-in/email', { email, password: MEMBER_PASSWORD }));
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('gets the same through /sign-in/username', async () => {
    const { client: owner } = await signUpMember(t.app);
    const username = `victim_${Date.now() % 1e8}`;
    expect((await owner.post('/api/me/signup', { username, acceptTerms: true })).statusCode).toBe(200);
    await guessFromManyAddresses('/api/auth/sign-in/username', { username, password: WRONG });
    const client = fromNewAddress();
    expectThrottled(await client.post('/api/auth/sign-in/username', { username, password: MEMBER_PASSWORD }));
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('is limited like e-mail sign-in per address on /sign-in/username (5 a minute)', async () => {
    const client = fromNewAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await client.post('/api/auth/sign-in/username', { username: `nobody_${Date.now() % 1e6}_${i}`, password: WRONG })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('waits longer after each further failure: 5 free tries, then 1 s, then 2 s', async () => {
    const { email } = await signUpMember(t.app);
    const guess = () => fromNewAddress().post('/api/auth/sign-in/email', { email, password: WRONG });
    for (let i = 0; i < 5; i++) expect((await guess()).statusCode).toBe(401);
    const first = await guess();
    expectThrottled(first);
    expect(first.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await guess()).statusCode).toBe(401);
    const second = await guess();
    expectThrottled(second);
    expect(second.headers['retry-after']).toBe('2');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await guess()).statusCode).toBe(401);
    expect((await guess()).headers['retry-after']).toBe('4');
  });

  it('tells nothing about whether the account exists: an unknown address is throttled alike', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await fromNewAddress().post('/api/auth/sign-in/email', { email, password: WRONG })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('starts again after the owner signs in', async () => {
    const { email } = await signUpMember(t.app);
    const signIn = (password: string) => fromNewAddress().post('/api/auth/sign-in/email', { email, password });
    for (let i = 0; i < 5; i++) expect((await signIn(WRONG)).statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await signIn(MEMBER_PASSWORD)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(WRONG)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('every other way of guessing is throttled per account, number or link', () => {
  const strongPassword = 'brand-new-harbour-light-93';
  const cases: [string, () => Promise<(client: HttpClient) => Promise<LightMyRequestResponse>>][] = [
    [
      'a password through /sign-in/phone-number',
      async () => {
        const phoneNumber = newPhone();
        return (client) => client.post('/api/auth/sign-in/phone-number', { phoneNumber, password: WRONG });
      },
    ],
    [
      'a phone code through /phone-number/verify',
      async () => {
        const phoneNumber = newPhone();
        return (client) => client.post('/api/auth/phone-number/verify', { phoneNumber, code: '000000' });
      },
    ],
    [
      'a phone code through /phone-number/reset-password',
      async () => {
        const phoneNumber = newPhone();
        return (client) =>
          client.post('/api/auth/phone-number/reset-password', { phoneNumber, otp: '000000', newPassword: strongPassword });
      },
    ],
    [
      'a reset token through /reset-password',
      async () => {
        return (client) => client.post('/api/auth/reset-password', { token: 'guessed-token', newPassword: strongPassword });
      },
    ],
    [
      'a link token through /magic-link/verify',
      async () => {
        return (client) => client.get('/api/auth/magic-link/verify?token=guessed-link-token');
      },
    ],
    [
      'a link token through /verify-email',
      async () => {
        return (client) => client.get('/api/auth/verify-email?token=guessed-verify-token');
      },
    ],
  ];

  it.each(cases)('%s', async (_name, prepare) => {
    const attempt = await prepare();
    for (let i = 0; i < 5; i++) expect((await attempt(fromNewAddress())).statusCode).not.toBe(429);
    const refused = await attempt(fromNewAddress());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().message).toMatch(/^Too many attempts (for this account|with this link)\. Try again in/);
  });

  it('the current password through /change-password, with a stolen session', async () => {
    const { client: victim } = await signUpMember(t.app);
    const change = (currentPassword: string) =>
      fromNewAddress().request({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword, newPassword: strongPassword },
        headers: { cookie: victim.cookieHeader },
      });
    for (let i = 0; i < 5; i++) expect((await change(WRONG)).statusCode).toBe(400);
    expectThrottled(await change(MEMBER_PASSWORD));
  });
});

describe('an attacker sending codes and links to one victim from many addresses', () => {
  const codesTo = async (phoneNumber: string) =>
    (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phoneNumber))).length;

  it('gets three codes to one number through, then 429 with Retry-After', async () => {
    const phoneNumber = newPhone();
    const statuses: number[] = [];
    for (let address = 0; address < 4; address++) {
      const client = fromNewAddress();
      for (let i = 0; i < 3; i++) {
        const response = await client.post('/api/auth/phone-number/send-otp', { phoneNumber });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(60);
          expect(response.json().message).toMatch(/^We have sent several codes to this number already\. Try again in \d+ minutes\.$/);
        }
      }
    }
    expect(statuses).toEqual([200, 200, 200, ...Array<number>(9).fill(429)]);
    expect(await codesTo(phoneNumber)).toBe(3);
  });

  it('counts the number however it is written', async () => {
    const phoneNumber = newPhone();
    const spaced = `${phoneNumber.slice(0, 2)} ${phoneNumber.slice(2, 5)} ${phoneNumber.slice(5, 8)} ${phoneNumber.slice(8)}`;
    for (const written of [phoneNumber, spaced, phoneNumber]) {
      expect((await fromNewAddress().post('/api/auth/phone-number/send-otp', { phoneNumber: written })).statusCode).toBe(200);
    }
    expect((await fromNewAddress().post('/api/auth/phone-number/send-otp', { phoneNumber: spaced })).statusCode).toBe(429);
  });

  it.each([
    ['/api/auth/sign-in/magic-link', (email: string) => ({ email, callbackURL: '/' })],
    ['/api/auth/request-password-reset', (email: string) => ({ email, redirectTo: '/reset-password' })],
    ['/api/auth/send-verification-email', (email: string) => ({ email })],
  ])('gets three messages to one address through %s, then 429', async (path, body) => {
    const email = `target-${Date.now()}-${++numbers}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fromNewAddress().post(path, body(email))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await fromNewAddress().post(path, body(email.toUpperCase()));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(refused.json().message).toMatch(/^We have sent several messages to this address already/);
  });
});

describe.runIf(testDatabaseUrl)('two server instances on one PostgreSQL database', () => {
  it('count one account’s failures together', async () => {
    const other = await buildTestApp({ config: testConfig(), database: t.database });
    try {
      const email = `shared-${Date.now()}@example.com`;
      const apps = [t.app, other];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const client = new HttpClient(apps[i % 2]!, `10.6.0.${i + 1}`);
        statuses.push((await client.post('/api/auth/sign-in/email', { email, password: WRONG })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await other.close();
    }
  });
});
