// Finding 2: `npm start` runs in development mode, where an anonymous GET /api/dev/outbox listed
// everyone's reset links, sign-in links and phone codes. The outbox now answers only requests
// made on the machine the server runs on; everyone else gets the ordinary 404.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { latestMessage, OUTBOX_AUTHORIZATION } from '../../test-support/server/outbox';

const VICTIM = 'outbox-victim@example.com';
let t: TestApp;
let webDist: string;
let secretLink: string;

beforeAll(async () => {
  // A web app of its own, so that a page that does not exist is the app's 404 page.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'gs-outbox-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  t = await createTestApp({ webDist });
  const victim = new HttpClient(t.app, '10.22.0.1');
  expect((await victim.post('/api/auth/sign-in/magic-link', { email: VICTIM, callbackURL: '/' })).statusCode).toBe(200);
  secretLink = /https?:\/\/\S+/.exec((await latestMessage(victim, VICTIM)).text)![0];
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const paths = [
  '/api/dev/outbox',
  `/api/dev/outbox?to=${encodeURIComponent(VICTIM)}`,
  '/dev/outbox',
  `/dev/outbox?to=${encodeURIComponent(VICTIM)}`,
];

/** The attempt, and what a path that never existed answers for the same request. */
async function attempt(app: TestApp['app'], url: string, options: Omit<InjectOptions, 'url'>) {
  const response = await app.inject({ method: 'GET', url, ...options });
  const nowhere = await app.inject({ method: 'GET', url: url.replace('outbox', 'no-such-page'), ...options });
  return { response, nowhere };
}

function expectNothingThere({ response, nowhere }: Awaited<ReturnType<typeof attempt>>) {
  expect(response.statusCode).toBe(404);
  expect(response.body).not.toContain(VICTIM);
  expect(response.body).not.toContain('token=');
  expect(response.headers['content-type']).toBe(nowhere.headers['content-type']);
  expect(response.body.replaceAll('outbox', 'no-such-page')).toBe(nowhere.body);
}

describe('someone who is not on the server’s machine reads the outbox', () => {
  it.each(paths)('from a remote address: %s is a 404 like any page that does not exist', async (url) => {
    expectNothingThere(await attempt(t.app, url, { remoteAddress: '203.0.113.9' }));
  });

  it.each([
    ['x-forwarded-for', '203.0.113.9'],
    ['x-forwarded-for', '127.0.0.1'],
    ['forwarded', 'for=203.0.113.9;proto=https'],
    ['x-real-ip', '203.0.113.9'],
  ])('through a reverse proxy on the same machine (loopback, with %s: %s): 404', async (header, value) => {
    for (const url of paths) expectNothingThere(await attempt(t.app, url, { remoteAddress: '127.0.0.1', headers: { [header]: value } }));
  });

  it.each(['evil.example', 'evil.example:3000', '203.0.113.9', 'localhost.evil.example', '[2001:db8::1]:3000'])(
    'from a DNS-rebinding page on this machine (loopback, Host: %s): 404',
    async (host) => {
      for (const url of paths) expectNothingThere(await attempt(t.app, url, { remoteAddress: '127.0.0.1', headers: { host } }));
    },
  );

  it('with TRUST_PROXY on and a forged X-Forwarded-For: 127.0.0.1 (request.ip says loopback, the socket does not): 404', async () => {
    const app = await buildTestApp({ config: testConfig({ TRUST_PROXY: 'true' }), database: t.database, webDist });
    try {
      for (const url of paths) {
        expectNothingThere(await attempt(app, url, { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } }));
      }
    } finally {
      await app.close();
    }
  });

  // A NUL anywhere in an address is refused for every path alike (input-checks.ts), so it tells nothing.
  it('learns nothing from a bad query either: the 404 comes before the query is read', async () => {
    for (const query of ['limit=abc', 'limit=0', 'to=' + 'x'.repeat(400)]) {
      expectNothingThere(await attempt(t.app, `/api/dev/outbox?${query}`, { remoteAddress: '203.0.113.9' }));
    }
  });
});

describe('the developer on the server’s own machine, with the outbox token (outbox-needs-its-token.int.test.ts)', () => {
  it.each(['localhost', 'localhost:5173', '127.0.0.1:3000', '[::1]:3000'])('still reads it (Host: %s)', async (host) => {
    const headers = { host, ...OUTBOX_AUTHORIZATION };
    const response = await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(VICTIM)}`, remoteAddress: '127.0.0.1', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().items[0].text).toContain(secretLink);
    const page = await t.app.inject({ url: '/dev/outbox', remoteAddress: '::1', headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(VICTIM);
  });

  it('gets 400 invalid-argument for a control character in ?to= (it was a 500)', async () => {
    for (const to of ['%00', 'a%0Ab%40example.com', '%1B']) {
      const response = await t.app.inject({ url: `/api/dev/outbox?to=${to}`, remoteAddress: '127.0.0.1', headers: OUTBOX_AUTHORIZATION });
      expect(response.statusCode, to).toBe(400);
      expect(response.json().error.code).toBe('invalid-argument');
    }
  });
});
