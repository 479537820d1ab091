// Finding 3 in Chromium: a page on another port of the same host is another origin of the same
// site, so the victim's SameSite=Lax session cookie goes with its requests. Its body-less,
// text/plain and multipart posts need no CORS preflight, and a form needs none at all. Each
// must reach the server, be refused there (403), and change nothing.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverPng, signInVerified, submitGame } from './support/accounts';
import { useBrowser } from './support/browser';
import { startBuiltServer, type ServerProcess } from './support/server-process';

const ADMIN_EMAIL = `csrf-admin-${Date.now()}@example.com`;
const GAME_ID = 5;
let server: ServerProcess;
let dataDir: string;
let attacker: http.Server;
let attackerUrl: string;

/** The attacker's pages: their script learns GameSource's address and the target from the query. */
function attackerPage(pathname: string, png: string): string {
  if (pathname === '/demo-form.html') {
    return `<!doctype html><title>Win a prize</title>
<form id="f" method="POST" enctype="text/plain"><input type="hidden" name="prize" value="1"></form>
<script>
  const form = document.getElementById('f');
  form.action = new URLSearchParams(location.search).get('base') + '/api/demo/sign-in';
  form.submit();
</script>`;
  }
  return `<!doctype html><title>Cute cats</title>
<script>
  const params = new URLSearchParams(location.search);
  const base = params.get('base');
  // The attacker needs no answer, only the effect: the browser sends the request, cookie included,
  // and only then keeps the answer from this page (CORS).
  const post = (path, init = {}) =>
    fetch(base + path, { method: 'POST', credentials: 'include', ...init }).then(() => 'read', () => 'sent, answer withheld');
  const png = Uint8Array.from(atob('${png}'), (c) => c.charCodeAt(0));
  window.attack = async () => {
    const upload = new FormData();
    upload.append('file', new Blob([png], { type: 'image/png' }), 'cat.png');
    return [
      await post('/api/games/${GAME_ID}/plays'),
      await post('/api/me/notifications/read-all', { headers: { 'content-type': 'text/plain' }, body: '{}' }),
      await post('/api/submissions/' + params.get('submission') + '/withdraw'),
      await post('/api/uploads', { body: upload }),
    ];
  };
</script>`;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-e2e-csrf-'));
  server = await startBuiltServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: '127.0.0.1', DATA_DIR: dataDir } });
  const png = (await coverPng()).toString('base64');
  attacker = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackerPage(new URL(request.url!, 'http://x').pathname, png));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
}, 90_000);
afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const session = useBrowser(() => server.baseUrl);

async function state(victim: Page, submissionId: number) {
  const request = victim.context().request;
  const get = async <T>(url: string) => (await (await request.get(`${server.baseUrl}${url}`)).json()) as T;
  return {
    playCount: (await get<{ playCount: number }>(`/api/games/${GAME_ID}`)).playCount,
    unread: (await get<{ unread: number }>('/api/me/notifications')).unread,
    submission: (await get<{ submission: { status: string } }>(`/api/submissions/${submissionId}`)).submission.status,
    uploads: (await readdir(path.join(dataDir, 'uploads'))).length,
    signedInAs: (await get<{ user: { email: string } | null }>('/api/me')).user?.email,
  };
}

/**
 * Statuses of the answers GameSource gave to the page's requests, as the network saw them: the
 * page itself cannot read a cross-origin answer, and Playwright reports such a request as failed.
 */
async function answersTo(page: Page): Promise<string[]> {
  const answers: string[] = [];
  const urls = new Map<string, string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => urls.set(requestId, request.url));
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
    const url = urls.get(requestId);
    if (url?.startsWith(`${server.baseUrl}/api/`)) answers.push(`${statusCode} ${new URL(url).pathname}`);
  });
  await cdp.send('Network.enable');
  return answers;
}

describe('a page on another port of the same host, visited by a signed-in member', () => {
  it(
    'posts with the member’s cookie (body-less, text/plain, multipart, and a form to the demo sign-in): every one is refused and nothing changes',
    { timeout: 120_000 },
    async () => {
      // The browser reports the answers it withholds from the attacker's page, and the form's 403 page.
      session.allowConsoleError(/blocked by CORS policy|Failed to load resource/);
      const adminPage = await session.newPage();
      await signInVerified(adminPage, server.baseUrl, 'Ada Admin', ADMIN_EMAIL);
      const victim = await session.newPage();
      const member = await signInVerified(victim, server.baseUrl, 'Vic Victim');
      const submissionId = await submitGame(victim.context().request, server.baseUrl, `Vic's Saga ${Date.now()}`);
      // A decision gives the member an unread notification and a submission that may still be withdrawn.
      const asked = await adminPage.context().request.post(`${server.baseUrl}/api/moderation/submissions/${submissionId}/request-changes`, {
        headers: { origin: server.baseUrl },
        data: { note: 'Add a screenshot, please.' },
      });
      expect(asked.ok(), await asked.text()).toBe(true);
      const before = await state(victim, submissionId);
      expect(before).toMatchObject({ unread: 1, submission: 'changes-requested', signedInAs: member.email });

      const answers = await answersTo(victim);
      await victim.goto(`${attackerUrl}/?base=${encodeURIComponent(server.baseUrl)}&submission=${submissionId}`);
      const results = await victim.evaluate(() => (window as unknown as { attack(): Promise<string[]> }).attack());
      expect(results).toEqual(Array(4).fill('sent, answer withheld'));
      const formAnswer = victim.waitForResponse(`${server.baseUrl}/api/demo/sign-in`);
      await victim.goto(`${attackerUrl}/demo-form.html?base=${encodeURIComponent(server.baseUrl)}`);
      expect((await formAnswer).status()).toBe(403);
      // Each request reached GameSource and was refused there.
      expect(answers.sort()).toEqual(
        [
          '/api/demo/sign-in',
          `/api/games/${GAME_ID}/plays`,
          '/api/me/notifications/read-all',
          `/api/submissions/${submissionId}/withdraw`,
          '/api/uploads',
        ]
          .map((url) => `403 ${url}`)
          .sort(),
      );
      expect(await state(victim, submissionId)).toEqual(before);

      // The same requests from GameSource's own page go through: the attacker's were well formed.
      await victim.goto(`${server.baseUrl}/about`);
      const own = await victim.evaluate(
        async ({ gameId, submission }) => {
          const post = (url: string, init: RequestInit = {}) => fetch(url, { method: 'POST', ...init }).then((r) => r.status);
          return [
            await post(`/api/games/${gameId}/plays`),
            await post('/api/me/notifications/read-all'),
            await post(`/api/submissions/${submission}/withdraw`),
          ];
        },
        { gameId: GAME_ID, submission: submissionId },
      );
      expect(own).toEqual([200, 200, 200]);
      expect(await state(victim, submissionId)).toMatchObject({ playCount: before.playCount + 1, unread: 0, submission: 'withdrawn' });
    },
  );
});
