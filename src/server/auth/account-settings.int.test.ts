import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { HttpClient } from '../test/http-client';
import { signUpMember } from '../test/members';
import { linkFrom, pathOf } from '../test/outbox';

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
    const wrong = await laptop.post('/api/auth/change-password', { currentPassword: 'not-my-password-1', newPassword: 'harbor-violet-ember-88' });
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

  it('lists sessions and ends one of them', async () => {
    const { laptop, phone } = await member();
    const listed = (await laptop.get('/api/auth/list-sessions')).json() as { token: string; ipAddress: string }[];
    expect(listed).toHaveLength(2);
    const phoneSession = listed.find((s) => s.ipAddress !== listed[0]!.ipAddress) ?? listed[1]!;
    const phoneIp = phoneSession.ipAddress;
    expect(listed.map((s) => s.ipAddress)).toContain(phoneIp);
    expect((await laptop.post('/api/auth/revoke-session', { token: phoneSession.token })).statusCode).toBe(200);
    expect(await meOf(laptop)).not.toBeNull();
    expect(await meOf(phone)).toBeNull();
  });

  it('changes the e-mail only after both the current and the new address confirm it', async () => {
    const { email, laptop } = await member();
    await laptop.get(pathOf(await linkFrom(laptop, email)));
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
