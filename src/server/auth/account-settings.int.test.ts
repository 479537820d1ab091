import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import { linkFrom, pathOf } from '../../test-support/server/outbox';
import { accounts, sessions, users } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const PASSWORD = 'meadow-glacier-compass-47';
const visitor = () => new HttpClient(t.app, `10.7.0.${++counter}`);

async function member() {
  const { client: laptop, email } = await signUpMember(t.app, { password: PASSWORD, name: 'Sam' });
  const phone = visitor();
  expect((await phone.post('/api/auth/sign-in/email', { email, password: PASSWORD })).statusCode).toBe(200);
  return { email, laptop, phone };
}

const meOf = async (client: HttpClient) => (await client.get('/api/me')).json().user;

describe('account settings', () => {
  it('changes the password (policy enforced) and signs out the other sessions', async () => {
    const { email, laptop, phone } = await member();
    const weak = await laptop.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'qwertyuiop' });
    expect(weak.statusCode).toBe(400);
    const wrong = await laptop.post('/api/auth/change-password', {
      currentPassword: 'not-my-password-1',
      newPassword: 'harbor-violet-ember-88',
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'harbor-violet-ember-88',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(await meOf(laptop)).toMatchObject({ email });
    expect(await meOf(phone)).toBeNull();
  });

  it('lists your sessions by id, this one marked, and ends another', async () => {
    const { laptop, phone } = await member();
    const response = await laptop.get('/api/me/sessions');
    expect(response.statusCode).toBe(200);
    const listed = response.json().items as { id: string; ipAddress: string; current: boolean }[];
    expect(listed).toHaveLength(2);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = listed.find((s) => !s.current)!;
    expect(phoneSession.ipAddress).toMatch(/^10\.7\.0\./);
    const ended = await laptop.request({ method: 'DELETE', url: `/api/me/sessions/${phoneSession.id}` });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: true });
    expect(await meOf(laptop)).not.toBeNull();
    expect(await meOf(phone)).toBeNull();
    expect((await laptop.get('/api/me/sessions')).json().items).toHaveLength(1);
  });

  it('answers 401 for the sessions of nobody and 400 for a malformed id', async () => {
    expect((await visitor().get('/api/me/sessions')).statusCode).toBe(401);
    const { laptop } = await member();
    const bad = await laptop.request({ method: 'DELETE', url: '/api/me/sessions/not%20an%20id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid-argument');
  });

  it('changes the e-mail only after both the current and the new address confirm it', async () => {
    const { email, laptop } = await member();
    const newEmail = `moved${counter}@example.com`;
    expect((await laptop.post('/api/auth/change-email', { newEmail, callbackURL: '/account' })).statusCode).toBe(200);
    expect(await meOf(laptop)).toMatchObject({ email });
    await laptop.get(pathOf(await linkFrom(laptop, email)));
    expect(await meOf(laptop)).toMatchObject({ email });
    await laptop.get(pathOf(await linkFrom(laptop, newEmail)));
    expect(await meOf(laptop)).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('deletes the account and its private data; another user cannot', async () => {
    const { email, laptop } = await member();
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const wrong = await laptop.post('/api/auth/delete-user', { password: 'not-my-password-1' });
    expect(wrong.statusCode).toBe(400);
    const deleted = await laptop.post('/api/auth/delete-user', { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(await meOf(laptop)).toBeNull();
    expect(await t.database.db.select().from(users).where(eq(users.id, row!.id))).toEqual([]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toEqual([]);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, row!.id))).toEqual([]);
    const signIn = await visitor().post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.statusCode).toBe(401);
  });
});
