import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { within } from '../../../test-support/within';
import { outgoingMessages } from '../../db/schema';

// SMS codes go to the operator's relay (SMS_WEBHOOK_URL) through the guarded outgoing client:
// a relay on this machine is contacted only when OUTGOING_ALLOW_HOSTS names it.

interface RelayedSms {
  headers: http.IncomingHttpHeaders;
  body: { to: string; text: string };
}

async function startSmsRelay() {
  const received: RelayedSms[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) as RelayedSms['body'] });
      response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const TOKEN = 'relay-token-for-the-sms-test-0123456789';
const QUICK = { MESSAGE_POLL_MS: '25', MESSAGE_RETRY_BASE_MS: '25' };

let relay: Awaited<ReturnType<typeof startSmsRelay>>;
beforeAll(async () => {
  relay = await startSmsRelay();
});
afterAll(() => relay?.close());

let counter = 0;
const newPhone = () => `+1415556${String(1000 + ++counter).slice(-4)}`;

describe('an SMS relay the operator allowed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...QUICK, SMS_WEBHOOK_URL: relay.url, SMS_WEBHOOK_TOKEN: TOKEN, OUTGOING_ALLOW_HOSTS: '127.0.0.1' },
    });
  });
  afterAll(() => t?.close());

  it('gets the code as a JSON POST with the token and the message id, and the code signs in', async () => {
    const phoneNumber = newPhone();
    const client = new HttpClient(t.app, '10.3.0.1');
    expect((await client.post('/api/auth/phone-number/send-otp', { phoneNumber })).statusCode).toBe(200);
    expect(await within(10_000, () => relay.received.some((sms) => sms.body.to === phoneNumber))).toBe(true);

    const sms = relay.received.find((each) => each.body.to === phoneNumber)!;
    expect(sms.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sms.headers['content-type']).toBe('application/json');
    // The message's own id, the same on every attempt (its row is gone once delivered).
    expect(sms.headers['idempotency-key']).toMatch(/^<[\w-]+@[\w.-]+>$/);
    const code = /\b(\d{6})\b/.exec(sms.body.text)?.[1];
    expect((await client.post('/api/auth/phone-number/verify', { phoneNumber, code })).statusCode).toBe(200);
  });
});

describe('an SMS relay on this machine the operator did not allow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...QUICK, SMS_WEBHOOK_URL: relay.url, SMS_WEBHOOK_TOKEN: TOKEN } });
  });
  afterAll(() => t?.close());

  it('is never contacted: the attempt is refused before connecting and the message waits', async () => {
    const phoneNumber = newPhone();
    const client = new HttpClient(t.app, '10.3.0.2');
    expect((await client.post('/api/auth/phone-number/send-otp', { phoneNumber })).statusCode).toBe(200);
    const attempt = () =>
      t.database.db
        .select({ attempts: outgoingMessages.attempts, lastError: outgoingMessages.lastError })
        .from(outgoingMessages)
        .where(eq(outgoingMessages.recipient, phoneNumber))
        .then(([row]) => row);
    // An attempt counts once the message is taken, before it fails: wait for its failure.
    expect(await within(10_000, async () => Boolean((await attempt())?.lastError))).toBe(true);
    const failed = await attempt();
    expect(failed?.attempts).toBeGreaterThanOrEqual(1);
    expect(failed?.lastError).toMatch(/127\.0\.0\.1 is refused/);
    expect(relay.received.some((sms) => sms.body.to === phoneNumber)).toBe(false);
  });
});
