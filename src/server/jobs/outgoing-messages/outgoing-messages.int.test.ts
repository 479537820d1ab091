import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFlakySmtpServer, type FlakySmtpServer } from '../../../test-support/flaky-smtp-server';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../../test-support/server/app';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../../test-support/server/database';
import { HttpClient } from '../../../test-support/server/http-client';
import { MEMBER_PASSWORD } from '../../../test-support/server/members';
import { within } from '../../../test-support/within';
import { createDatabase, type Database } from '../../db/client';
import { outgoingMessages } from '../../db/schema';
import { outgoingQueueDepth } from './queue';

// E-mail survives a mail server that refuses it or is down, and a restart meanwhile: each
// message arrives once when the server recovers, never twice, on either database.

const MAX_ATTEMPTS = 30;
const quickRetries = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  MESSAGE_POLL_MS: '25',
  MESSAGE_RETRY_BASE_MS: '25',
  MESSAGE_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
});

let signUps = 0;
/** A sign-up from an address of its own, which mails its confirmation link. */
async function signUp(app: FastifyInstance): Promise<string> {
  const n = ++signUps;
  const email = `queued${n}-${randomUUID().slice(0, 8)}@example.com`;
  const client = new HttpClient(app, `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`);
  const response = await client.post('/api/auth/sign-up/email', { email, password: MEMBER_PASSWORD, name: 'Queued' });
  expect(response.statusCode).toBe(200);
  return email;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each address got exactly one message, and no Message-ID arrived twice. */
function expectEachOnce(smtp: FlakySmtpServer, emails: string[]) {
  const recipients = smtp.arrived.flatMap((mail) => mail.to).filter((to) => emails.includes(to));
  expect(recipients.sort()).toEqual([...emails].sort());
  const ids = smtp.arrived.map((mail) => mail.messageId);
  expect(ids.every((id) => /^<[\w-]+@gamesource\.example>$/.test(id))).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
}

describe('outgoing messages through a mail server that fails and recovers', () => {
  let smtp: FlakySmtpServer;
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startFlakySmtpServer('try-again-later');
    t = await createTestApp({ env: quickRetries(smtp.url) });
    app = t.app;
  });
  afterAll(async () => {
    await app?.close();
    await t?.destroy();
    await smtp?.close();
  });

  it('keeps every message while the server refuses them or is down, across a restart, and delivers each once', async () => {
    const emails = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    expect(await within(10_000, () => smtp.refusals() >= 2 * emails.length)).toBe(true);
    smtp.behave('refuse-connections');
    const refusedBefore = smtp.refusals();
    expect(await within(10_000, () => smtp.refusals() >= refusedBefore + emails.length)).toBe(true);
    expect(smtp.arrived).toHaveLength(0);
    const waiting = await outgoingQueueDepth(t.database);
    expect(waiting.pending + waiting.sending).toBe(emails.length);
    expect(waiting.failed).toBe(0);

    // The instance stops while the mail server is down; a new one on the same database sends what waited.
    await app.close();
    smtp.behave('accept');
    app = await buildTestApp({ config: t.config, database: t.database });
    await app.ready();
    await smtp.waitForCount(emails.length);
    await pause(300);
    expectEachOnce(smtp, emails);
    expect(await outgoingQueueDepth(t.database)).toEqual({ pending: 0, sending: 0, failed: 0 });
  });

  it('sends a message again, under the same Message-ID, only once its sender has stopped mid-send', async () => {
    const arrivedBefore = smtp.arrived.length;
    const [crashed, held] = [`<crashed-${randomUUID()}@gamesource.example>`, `<held-${randomUUID()}@gamesource.example>`];
    // One sender died while sending (its lease has lapsed); another is still sending (lease ahead).
    await t.database.db.insert(outgoingMessages).values([
      {
        messageId: crashed,
        channel: 'email',
        recipient: 'crashed@example.com',
        subject: 'Crashed',
        text: 'Sent once more',
        status: 'sending',
        attempts: 1,
        dueAt: sql`now() - interval '1 second'`,
      },
      {
        messageId: held,
        channel: 'email',
        recipient: 'held@example.com',
        subject: 'Held',
        text: 'Still being sent',
        status: 'sending',
        attempts: 1,
        dueAt: sql`now() + interval '1 hour'`,
      },
    ]);
    await smtp.waitForCount(arrivedBefore + 1);
    await pause(300);
    expect(smtp.arrived.slice(arrivedBefore).map((mail) => mail.messageId)).toEqual([crashed]);
    const [stillHeld] = await t.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.messageId, held));
    expect(stillHeld).toMatchObject({ status: 'sending', attempts: 1 });
    await t.database.db.delete(outgoingMessages).where(eq(outgoingMessages.messageId, held));
  });

  it('gives up after the last attempt and keeps the message as failed, with the reason', async () => {
    smtp.behave('try-again-later');
    const arrivedBefore = smtp.arrived.length;
    const messageId = `<last-${randomUUID()}@gamesource.example>`;
    await t.database.db.insert(outgoingMessages).values({
      messageId,
      channel: 'email',
      recipient: 'last@example.com',
      subject: 'Last',
      text: 'Last try',
      attempts: MAX_ATTEMPTS - 1,
    });
    const failed = await within(10_000, async () => {
      const [row] = await t.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.messageId, messageId));
      return row?.status === 'failed';
    });
    expect(failed).toBe(true);
    const [row] = await t.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.messageId, messageId));
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, lastError: expect.stringContaining('Try again later') });
    expect(await outgoingQueueDepth(t.database)).toEqual({ pending: 0, sending: 0, failed: 1 });
    await pause(200);
    expect(smtp.arrived.length).toBe(arrivedBefore);
    smtp.behave('accept');
  });
});

describe.skipIf(!testDatabaseUrl)('outgoing messages from two instances on one PostgreSQL', () => {
  let smtp: FlakySmtpServer;
  let shared: TestDatabase;
  const instances: { app: FastifyInstance; database: Database }[] = [];

  beforeAll(async () => {
    smtp = await startFlakySmtpServer('try-again-later');
    shared = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      const database = createDatabase({ url: shared.location.url });
      const app = await buildTestApp({ config: testConfig(quickRetries(smtp.url)), database });
      await app.ready();
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await shared?.destroy();
    await smtp?.close();
  });

  it('delivers every message once when the mail server recovers, whichever instance takes it', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 3; i++) for (const { app } of instances) emails.push(await signUp(app));
    expect(await within(10_000, () => smtp.refusals() >= emails.length)).toBe(true);
    smtp.behave('accept');
    await smtp.waitForCount(emails.length);
    await pause(300);
    expectEachOnce(smtp, emails);
    expect(await outgoingQueueDepth(shared.database)).toEqual({ pending: 0, sending: 0, failed: 0 });
  });
});
