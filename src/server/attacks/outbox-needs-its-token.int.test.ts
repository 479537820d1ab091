// Issue 32, finding 2: the outbox trusted any loopback peer that sent no forwarding header. A
// reverse proxy on the same host that adds none (a plain `proxy_pass`, a TCP relay) made every
// visitor such a peer, and so able to read everyone's sign-in links. It now also needs the token
// the server makes at start and prints in its first lines (decision 0053).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestApp, type TestApp, TEST_OUTBOX_TOKEN, testConfig } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { latestMessage } from '../../test-support/server/outbox';
import { listenOnLoopback } from '../../test-support/server/sse-client';
import { startTcpProxy, type TcpProxy } from '../../test-support/server/tcp-proxy';

const VICTIM = 'token-victim@example.com';
const NEEDS_TOKEN = 'The outbox needs the token GameSource printed in its console when it started';
let t: TestApp;
let secretLink: string;

beforeAll(async () => {
  t = await createTestApp();
  const victim = new HttpClient(t.app, '10.32.0.1');
  expect((await victim.post('/api/auth/sign-in/magic-link', { email: VICTIM, callbackURL: '/' })).statusCode).toBe(200);
  secretLink = /https?:\/\/\S+/.exec((await latestMessage(victim, VICTIM)).text)![0];
});
afterAll(() => t.close());

const onThisMachine = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, remoteAddress: '127.0.0.1', headers });

function expectNoMessages(body: string) {
  expect(body).not.toContain(VICTIM);
  expect(body).not.toContain(secretLink);
}

describe('a client on the server’s machine without the token', () => {
  it('is refused by the API with 401 saying where the token is', async () => {
    const response = await onThisMachine(`/api/dev/outbox?to=${encodeURIComponent(VICTIM)}`);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="outbox"');
    expect(response.json().error).toMatchObject({ code: 'unauthenticated', message: expect.stringContaining(NEEDS_TOKEN) });
    expectNoMessages(response.body);
  });

  it('gets a page that says where the link is, with a form for the token', async () => {
    const page = await onThisMachine(`/dev/outbox?to=${encodeURIComponent(VICTIM)}`);
    expect(page.statusCode).toBe(401);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('The outbox needs its token');
    expect(page.body).toContain('printed in its console');
    expect(page.body).toContain('<input id="outbox-token" name="token"');
    expect(page.body).toContain(`<input type="hidden" name="to" value="${VICTIM}">`);
    expect(page.body).not.toContain('That token is not');
    expectNoMessages(page.body.replace(`value="${VICTIM}"`, ''));
  });

  it.each([
    ['a wrong bearer token', { authorization: 'Bearer wrong-token-of-the-same-length-as-ours-000' }, ''],
    ['a Basic authorization', { authorization: `Basic ${Buffer.from(`x:${TEST_OUTBOX_TOKEN}`).toString('base64')}` }, ''],
    ['a wrong cookie', { cookie: 'gs_outbox=guess' }, ''],
    ['a wrong token in the link', {}, '&token=guess'],
    ['a wrong token in the link beside the right cookie', { cookie: `gs_outbox=${TEST_OUTBOX_TOKEN}` }, '&token=guess'],
  ])('with %s: 401 and no message', async (_, headers, query) => {
    for (const path of ['/api/dev/outbox', '/dev/outbox']) {
      const response = await onThisMachine(`${path}?to=${encodeURIComponent(VICTIM)}${query}`, headers);
      expect(response.statusCode, path).toBe(401);
      expectNoMessages(response.body.replace(`value="${VICTIM}"`, ''));
    }
  });

  it('is told on the page when the token it pasted is not this start’s', async () => {
    const page = await onThisMachine('/dev/outbox?token=an-old-token');
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('That token is not this server&#39;s: it changes every time GameSource starts.');
  });
});

describe('through a reverse proxy on the same machine that adds no forwarding header', () => {
  let proxy: TcpProxy;
  let direct: string;
  let app: TestApp['app'];
  beforeAll(async () => {
    app = await buildTestApp({ config: testConfig(), database: t.database });
    direct = await listenOnLoopback(app);
    proxy = await startTcpProxy('127.0.0.1', Number(new URL(direct).port));
  });
  afterAll(async () => {
    await proxy.close();
    await app.close();
  });

  it('a visitor reaching the site through it is refused, page and API alike', async () => {
    for (const path of ['/api/dev/outbox', '/dev/outbox']) {
      const response = await fetch(`http://127.0.0.1:${proxy.port}${path}?to=${encodeURIComponent(VICTIM)}`);
      const body = await response.text();
      expect(response.status, path).toBe(401);
      expectNoMessages(body.replace(`value="${VICTIM}"`, ''));
    }
  });

  it('the developer with the printed link opens it in a browser: a cookie for the outbox page, then the messages', async () => {
    const link = await fetch(`${direct}/dev/outbox?to=${encodeURIComponent(VICTIM)}&token=${TEST_OUTBOX_TOKEN}`, { redirect: 'manual' });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe(`/dev/outbox?to=${encodeURIComponent(VICTIM)}`);
    const cookie = link.headers.get('set-cookie')!;
    expect(cookie).toBe(`gs_outbox=${TEST_OUTBOX_TOKEN}; Path=/dev/outbox; HttpOnly; SameSite=Strict`);
    const page = await fetch(new URL(link.headers.get('location')!, direct), { headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(secretLink.replaceAll('&', '&#38;'));
  });

  it('a script with the token as a bearer token or in the query reads the API', async () => {
    const byHeader = await fetch(`${direct}/api/dev/outbox?to=${encodeURIComponent(VICTIM)}`, {
      headers: { authorization: `Bearer ${TEST_OUTBOX_TOKEN}` },
    });
    expect(byHeader.status).toBe(200);
    expect(((await byHeader.json()) as { items: { text: string }[] }).items[0]!.text).toContain(secretLink);
    const byQuery = await fetch(`${direct}/api/dev/outbox?to=${encodeURIComponent(VICTIM)}&token=${TEST_OUTBOX_TOKEN}`);
    expect(byQuery.status).toBe(200);
  });
});

describe('the token is no key from elsewhere', () => {
  it('a remote client with the right token still gets the ordinary 404', async () => {
    const response = await t.app.inject({
      url: '/api/dev/outbox',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TEST_OUTBOX_TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expectNoMessages(response.body);
  });

  it('in production there is no outbox, token or not', async () => {
    const app = await buildTestApp({ config: testConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }), database: t.database });
    try {
      for (const url of ['/api/dev/outbox', `/dev/outbox?token=${TEST_OUTBOX_TOKEN}`]) {
        const response = await app.inject({ url, remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${TEST_OUTBOX_TOKEN}` } });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await app.close();
    }
  });
});
