import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { confirmEmail, latestMessage } from '../../test-support/server/outbox';
import { startSlowSmtpServer, type SlowSmtpServer } from '../../test-support/slow-smtp-server';

// Finding 4: sign-up said USER_ALREADY_EXISTS for a registered address, and a reset request for
// one took as long as the mail server did (168 ms against 9 ms): both told whether an account exists.

const PASSWORD = 'tangerine-glacier-harbor-62';

/** The JSON's structure: keys and the kind of each value, not the values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, item]) => [key, shapeOf(item)]),
  );
}

/** What two sign-up answers may differ in: the made-up id and timestamps, and the address typed in. */
function comparable(body: unknown) {
  const user = { ...(body as { user: Record<string, unknown> }).user };
  for (const field of ['id', 'email', 'createdAt', 'updatedAt']) delete user[field];
  return user;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe('against the local outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let counter = 0;
  const visitor = () => new HttpClient(t.app, `10.41.0.${++counter}`);
  const newEmail = () => `enum${++counter}-${Date.now()}@example.com`;

  it('signing up with a registered address answers exactly like a new one, and mails the owner instead', async () => {
    const email = newEmail();
    const owner = visitor();
    const first = await owner.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Owner' });
    await confirmEmail(owner, email);

    const attacker = visitor();
    const again = await attacker.post('/api/auth/sign-up/email', { email, password: 'another-quiet-meadow-93', name: 'Mallory' });
    const fresh = await attacker.post('/api/auth/sign-up/email', { email: newEmail(), password: PASSWORD, name: 'Mallory' });

    expect(again.statusCode).toBe(200);
    expect(again.statusCode).toBe(first.statusCode);
    expect(shapeOf(again.json())).toEqual(shapeOf(first.json()));
    expect(shapeOf(again.json())).toEqual(shapeOf(fresh.json()));
    expect(comparable(again.json())).toEqual(comparable(fresh.json()));
    for (const response of [first, again, fresh]) expect(response.headers['set-cookie']).toBeUndefined();

    expect(await latestMessage(owner, email)).toMatchObject({ subject: 'Someone tried to sign up with your address · GameSource' });
    const stolen = await attacker.post('/api/auth/sign-in/email', { email, password: 'another-quiet-meadow-93' });
    expect(stolen.statusCode).toBe(401);
    expect((await owner.get('/api/me')).json().user).toMatchObject({ email, name: 'Owner' });
  });

  it.each([
    ['password reset', '/api/auth/request-password-reset', (email: string) => ({ email, redirectTo: '/reset-password' })],
    ['e-mail link', '/api/auth/sign-in/magic-link', (email: string) => ({ email, callbackURL: '/' })],
  ])('a %s request answers the same for a registered and an unknown address', async (_name, url, body) => {
    const email = newEmail();
    const owner = visitor();
    await owner.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Owner' });
    await confirmEmail(owner, email);
    const known = await visitor().post(url, body(email));
    const unknown = await visitor().post(url, body(newEmail()));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('a phone code request answers the same for a registered and an unknown number', async () => {
    const registered = `+1415556${String(1000 + counter).slice(-4)}`;
    const owner = visitor();
    await owner.post('/api/auth/phone-number/send-otp', { phoneNumber: registered });
    const { text } = await latestMessage(owner, registered);
    await owner.post('/api/auth/phone-number/verify', { phoneNumber: registered, code: /\d{6}/.exec(text)![0] });
    expect((await owner.get('/api/me')).json().user).not.toBeNull();

    const known = await visitor().post('/api/auth/phone-number/send-otp', { phoneNumber: registered });
    const unknown = await visitor().post('/api/auth/phone-number/send-otp', { phoneNumber: `+1415557${String(1000 + counter).slice(-4)}` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });
});

describe('with a slow mail server', () => {
  const TRANSPORT_DELAY_MS = 300;
  const SAMPLES = 16;
  let smtp: SlowSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSlowSmtpServer(TRANSPORT_DELAY_MS);
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  let addresses = 0;
  const client = () => new HttpClient(t.app, `10.42.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`);
  const stamp = Date.now();

  async function registeredAddresses(count: number): Promise<string[]> {
    const emails = Array.from({ length: count }, (_, i) => `known${i}-${stamp}@example.com`);
    for (const email of emails) {
      const response = await client().post('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Known' });
      expect(response.statusCode).toBe(200);
    }
    await smtp.waitForCount(count); // their confirmation mails, out of the way before measuring
    return emails;
  }

  async function timed(url: string, payload: object) {
    const started = performance.now();
    const response = await client().post(url, payload);
    const ms = performance.now() - started;
    expect(response.statusCode).toBe(200);
    return { ms, body: response.json() as unknown };
  }

  /** Known and unknown requests alternate (which goes first too), so drift hits both alike. */
  async function compare(url: string, body: (email: string) => object, known: string[], unknown: string[]) {
    const times = { known: [] as number[], unknown: [] as number[] };
    const { body: firstAnswer } = await timed(url, body(`warm-up-${url.length}-${stamp}@example.com`));
    for (let i = 0; i < known.length; i++) {
      const pair = [
        ['known', known[i]!],
        ['unknown', unknown[i]!],
      ] as const;
      for (const [kind, email] of i % 2 ? [...pair].reverse() : pair) {
        const { ms, body: answer } = await timed(url, body(email));
        times[kind].push(ms);
        expect(answer).toEqual(firstAnswer);
      }
    }
    return { known: median(times.known), unknown: median(times.unknown) };
  }

  it('password reset and e-mail link answer as fast for a registered address as for an unknown one, and every mail still arrives', async () => {
    const known = await registeredAddresses(SAMPLES);
    const unknown = (kind: string) => Array.from({ length: SAMPLES }, (_, i) => `${kind}-unknown${i}-${stamp}@example.com`);
    const before = smtp.received.length;

    const reset = await compare(
      '/api/auth/request-password-reset',
      (email) => ({ email, redirectTo: '/reset-password' }),
      known,
      unknown('reset'),
    );
    const link = await compare('/api/auth/sign-in/magic-link', (email) => ({ email, callbackURL: '/' }), known, unknown('link'));

    expect(Math.abs(reset.known - reset.unknown), `reset medians ${JSON.stringify(reset)}`).toBeLessThan(60);
    expect(Math.abs(link.known - link.unknown), `e-mail link medians ${JSON.stringify(link)}`).toBeLessThan(60);

    // Every registered address got its reset mail and every address its link, after the answers.
    const linkRequests = 1 + SAMPLES * 2;
    await smtp.waitForCount(before + SAMPLES + linkRequests);
    const mailsTo = (email: string) => smtp.received.slice(before).filter((mail) => mail.to.includes(email)).length;
    for (const email of known) expect(mailsTo(email), email).toBe(2);
    for (const email of [...unknown('reset'), ...unknown('link')]) expect(mailsTo(email), email).toBe(email.startsWith('link') ? 1 : 0);
  }, 180_000);
});
