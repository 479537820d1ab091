import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { OUTBOX_AUTHORIZATION } from '../../../test-support/server/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the local outbox (development)', () => {
  it('lists messages newest first, filtered by recipient, with text and HTML bodies', async () => {
    const client = new HttpClient(t.app, '10.6.0.1');
    for (const email of ['first@example.com', 'second@example.com']) {
      await client.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/' });
    }
    const onThisMachine = client.onThisMachine();
    const all = (await onThisMachine.get('/api/dev/outbox')).json().items;
    expect(all[0].to).toBe('second@example.com');
    expect(all[1].to).toBe('first@example.com');
    const mine = (await onThisMachine.get('/api/dev/outbox?to=FIRST@example.com')).json().items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ channel: 'email', subject: 'Your sign-in link · GameSource' });
    expect(mine[0].text).toContain('GameSource');
    expect(mine[0].html).toContain('<a href="http://gamesource.test/magic-link?token=');
  });

  it('is named by the sign-in methods while e-mail goes to it, so the screens can point to it', async () => {
    expect((await t.app.inject('/api/sign-in-methods')).json().localOutbox).toBe(true);
    const withMail = await buildTestApp({ config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }), database: t.database });
    try {
      expect((await withMail.inject('/api/sign-in-methods')).json().localOutbox).toBe(false);
    } finally {
      await withMail.close();
    }
  });

  it.each(['limit=0', 'limit=500', 'limit=abc', 'to=%00', 'to=a%0Ab@example.com', 'to=%7F'])('rejects %s with 400', async (query) => {
    const response = await t.app.inject({ url: `/api/dev/outbox?${query}`, headers: OUTBOX_AUTHORIZATION });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-argument');
  });

  it('has a small page with the messages, their links clickable and text escaped', async () => {
    const client = new HttpClient(t.app, '10.6.0.2');
    await client.post('/api/auth/sign-up/email', {
      email: 'page@example.com',
      password: 'harvest-moon-lighthouse-22',
      name: '<script>alert(1)</script>',
    });
    const page = await t.app.inject({ url: '/dev/outbox?to=page@example.com', headers: OUTBOX_AUTHORIZATION });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<a href="http://gamesource.test/api/auth/verify-email?token=');
    expect(page.body).not.toContain('<script>');
  });
});

describe('in production', () => {
  const production = (extra: NodeJS.ProcessEnv = {}) => testConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...extra });

  it('has no outbox and offers no method whose transport is missing', async () => {
    const app = await buildTestApp({ config: production(), database: t.database });
    try {
      expect((await app.inject('/api/dev/outbox')).statusCode).toBe(404);
      expect((await app.inject('/dev/outbox')).statusCode).toBe(404);
      const methods = (await app.inject('/api/sign-in-methods')).json();
      expect(methods).toMatchObject({
        password: true,
        passwordSignUp: false,
        localOutbox: false,
        emailLink: false,
        phone: false,
        demo: false,
      });
      const signUp = await new HttpClient(app, '10.6.0.4').post('/api/auth/sign-up/email', {
        email: 'no-mail@example.com',
        password: 'northern-cobalt-ferry-19',
        name: 'No Mail',
      });
      expect(signUp.statusCode).toBe(400);
      expect(signUp.json().code).toBe('EMAIL_PASSWORD_SIGN_UP_DISABLED');
    } finally {
      await app.close();
    }
  });

  it('offers the e-mail link and phone code once their transports are configured', async () => {
    const app = await buildTestApp({
      config: production({ SMTP_URL: 'smtp://127.0.0.1:2525', SMS_WEBHOOK_URL: 'https://sms.example/send' }),
      database: t.database,
    });
    try {
      expect((await app.inject('/api/sign-in-methods')).json()).toMatchObject({ emailLink: true, phone: true });
    } finally {
      await app.close();
    }
  });

  it('marks the session cookie Secure when the site is served over https', async () => {
    const base = 'https://gamesource.example';
    const app = await buildTestApp({ config: testConfig({ BASE_URL: base }), database: t.database });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/demo/sign-in',
        remoteAddress: '10.6.0.3',
        headers: { origin: base },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await app.close();
    }
  });
});
