import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import { users } from '../db/schema';
import { setRoleByEmail } from '../features/accounts/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const visitor = () => new HttpClient(t.app, `10.3.0.${++counter}`);
const PASSWORD = 'copper-kettle-meadow-58';

const signedInUser = () => signUpMember(t.app, { password: PASSWORD });

describe('roles', () => {
  it('lets only admins list users', async () => {
    expect((await visitor().get('/api/admin/users')).statusCode).toBe(401);
    const { client, email } = await signedInUser();
    const asUser = await client.get('/api/admin/users');
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().error.code).toBe('permission-denied');
    await setRoleByEmail(t.database.db, email, 'moderator');
    expect((await client.get('/api/admin/users')).statusCode).toBe(403);
    await setRoleByEmail(t.database.db, email, 'admin');
    const asAdmin = await client.get('/api/admin/users?pageSize=5');
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ page: 1, pageSize: 5 });
    expect((await client.get('/api/admin/users?pageSize=1000')).statusCode).toBe(400);
  });

  it("refuses Better Auth's own admin endpoints to a visitor and a member, saying why", async () => {
    // Better Auth itself answers these with a bare status (401 `null`); the client is told why.
    expect((await visitor().get('/api/auth/admin/list-users')).json()).toEqual({
      error: { code: 'unauthenticated', message: 'Please sign in first.' },
    });
    const { client } = await signedInUser();
    const asMember = await client.get('/api/auth/admin/list-users');
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ message: expect.any(String) });
  });

  it("ends a banned user's sessions and refuses their sign-in", async () => {
    const admin = await signedInUser();
    await setRoleByEmail(t.database.db, admin.email, 'admin');
    const member = await signedInUser();
    const memberId = (await member.client.get('/api/me')).json().user.id as string;
    const ban = await admin.client.post('/api/auth/admin/ban-user', { userId: memberId, banReason: 'spam' });
    expect(ban.statusCode).toBe(200);
    expect((await member.client.get('/api/me')).json()).toEqual({ user: null });
    const again = await visitor().post('/api/auth/sign-in/email', { email: member.email, password: PASSWORD });
    expect(again.statusCode).toBe(403);
  });

  it('does not let a moderator change roles', async () => {
    const moderator = await signedInUser();
    await setRoleByEmail(t.database.db, moderator.email, 'moderator');
    const member = await signedInUser();
    const memberId = (await member.client.get('/api/me')).json().user.id as string;
    const response = await moderator.client.post('/api/auth/admin/set-role', { userId: memberId, role: 'admin' });
    expect(response.statusCode).toBe(403);
    const [row] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, memberId));
    expect(row?.role).toBe('user');
  });
});

describe('the demo account', () => {
  it('exists once, with sign-up finished, however often the server starts', async () => {
    const again = await buildTestApp({ config: testConfig(), database: t.database });
    await again.close();
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'demo@gamesource.example'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'demo', emailVerified: true });
    expect(rows[0]?.signupCompletedAt).not.toBeNull();
  });

  it("signs a visitor in with 'Try the demo'", async () => {
    const client = visitor();
    const response = await client.post('/api/demo/sign-in');
    expect(response.statusCode).toBe(200);
    expect((await client.get('/api/me')).json().user).toMatchObject({
      email: 'demo@gamesource.example',
      signupComplete: true,
    });
  });

  it('is not offered when DEMO_ACCOUNT=false', async () => {
    const app = await buildTestApp({ config: testConfig({ DEMO_ACCOUNT: 'false' }), database: t.database });
    try {
      expect((await new HttpClient(app).post('/api/demo/sign-in')).statusCode).toBe(404);
      expect((await app.inject('/api/sign-in-methods')).json().demo).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('makes every visitor the demo user in showcase mode (AUTH_MODE=demo)', async () => {
    const app = await buildTestApp({ config: testConfig({ AUTH_MODE: 'demo' }), database: t.database });
    try {
      const response = await app.inject('/api/me');
      expect(response.json().user).toMatchObject({ email: 'demo@gamesource.example' });
      expect((await app.inject('/api/sign-in-methods')).json().mode).toBe('demo');
    } finally {
      await app.close();
    }
  });

  it("lets a ban of the demo user reach showcase visitors within the session cache's second", async () => {
    const app = await buildTestApp({ config: testConfig({ AUTH_MODE: 'demo', SESSION_CACHE_MS: '1000' }), database: t.database });
    const demo = eq(users.email, 'demo@gamesource.example');
    try {
      expect((await app.inject('/api/me')).json().user).toMatchObject({ email: 'demo@gamesource.example' });
      await t.database.db.update(users).set({ banned: true }).where(demo);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await app.inject('/api/me')).json().user).toBeNull();
      await t.database.db.update(users).set({ banned: false }).where(demo);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await app.inject('/api/me')).json().user).toMatchObject({ email: 'demo@gamesource.example' });
    } finally {
      await t.database.db.update(users).set({ banned: false }).where(demo);
      await app.close();
    }
  });
});

describe('rate limits', () => {
  // A new address each try, so the per-account throttle (attacks/brute-force) stays out of it.
  let nobody = 0;
  const wrongSignIn = () => ({ email: `nobody${++nobody}@example.com`, password: 'wrong-password-123' });

  it('answers 429 after too many sign-in attempts from one address', async () => {
    const client = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await client.post('/api/auth/sign-in/email', wrongSignIn());
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await visitor().post('/api/auth/sign-in/email', wrongSignIn())).statusCode).toBe(401);
  });

  it('keys on the real client address, not a header the client sends', async () => {
    const client = visitor();
    for (let i = 0; i < 6; i++) {
      await client.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: wrongSignIn(),
        headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-gamesource-client-ip': `198.51.100.${i}` },
      });
    }
    const last = await client.post('/api/auth/sign-in/email', wrongSignIn());
    expect(last.statusCode).toBe(429);
  });
});

describe('the shared demo account', () => {
  it.each([
    ['/api/auth/change-password', { currentPassword: 'Play-AI-games-2026', newPassword: 'mine-now-thanks-9876' }],
    ['/api/auth/change-email', { newEmail: 'taken-over@example.com' }],
    ['/api/auth/delete-user', { password: 'Play-AI-games-2026' }],
    ['/api/auth/revoke-other-sessions', {}],
  ])('cannot be changed through %s', async (path, body) => {
    const client = visitor();
    await client.post('/api/demo/sign-in');
    const response = await client.post(path, body);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('DEMO_ACCOUNT_READ_ONLY');
    expect((await client.get('/api/me')).json().user).toMatchObject({ email: 'demo@gamesource.example' });
    const again = visitor();
    expect((await again.post('/api/demo/sign-in')).statusCode).toBe(200);
  });
});
