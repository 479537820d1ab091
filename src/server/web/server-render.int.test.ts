import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_STATE_ID } from '../../shared/server-render';
import { sampleValue } from '../../test-support/prometheus-text';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import type { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import {
  liveCursorIn,
  MEMBER_FACTS,
  memberFactsIn,
  RENDERED_STATE,
  renderedStateIn,
  trendingPlaysIn,
  type RenderedState,
} from '../../test-support/server/rendered-page';

// The real build (dist/web and dist/web-ssr, made once by the suite's setup) renders the pages.
let t: TestApp;
let member: HttpClient;
let hostile: HttpClient;
const HOSTILE_NAME = '</script><script>alert(1)</script><!--';

async function signedUpAndFinished(app: TestApp['app'], name: string, username: string) {
  const { client } = await signUpMember(app, { name });
  const done = await client.post('/api/me/signup', { username, acceptTerms: true });
  if (done.statusCode !== 200) throw new Error(`Sign-up step failed: ${done.body}`);
  return client;
}

beforeAll(async () => {
  t = await createTestApp();
  // The first answers wait for the catalogue to load; a render that waits too long is left to the browser.
  await t.app.inject('/api/games?pageSize=1');
  member = await signedUpAndFinished(t.app, 'Render Reader', 'render-reader');
  hostile = await signedUpAndFinished(t.app, HOSTILE_NAME, 'hostile-name');
});
afterAll(() => t.close());

function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  return html.slice(start, html.indexOf(`<script type="application/json"`, start));
}

function stateOf(html: string): RenderedState {
  const state = renderedStateIn(html);
  if (!state) throw new Error('The page carries no rendered state');
  return state;
}

const titlesIn = (items: { title: string }[]) => items.map((game) => game.title);
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');

describe('pages whose first screen the server renders', () => {
  it('home, for a visitor: the sections are in the page, with the answers they came from', async () => {
    const home = (await t.app.inject('/api/home')).json<{ newest: { title: string }[] }>();
    const page = await t.app.inject('/');
    expect(page.statusCode).toBe(200);
    const firstTitles = titlesIn(home.newest).slice(0, 3);
    expect(firstTitles.length).toBeGreaterThan(0);
    for (const title of firstTitles) expect(rootOf(page.body)).toContain(escaped(title));
    const keys = stateOf(page.body).queries.queries.map((query) => query.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(['auth', 'home', 'categories']));
    expect(page.body).not.toContain('data-boot-status');
    // Where the live events stood before the answers were read: the page's first stream resumes from it.
    expect(liveCursorIn(page.body)).toMatch(/^\d+-\d+$/);
  });

  it("/games, signed in: the page of games and the member's hearts, asked before rendering", async () => {
    const games = (await member.get('/api/games?page=1&pageSize=24')).json<{ items: { title: string }[] }>();
    const page = await member.get('/games');
    expect(page.statusCode).toBe(200);
    for (const title of titlesIn(games.items).slice(0, 4)) expect(rootOf(page.body)).toContain(escaped(title));
    const keys = stateOf(page.body).queries.queries.map((query) => query.queryKey.slice(0, 2).join(' '));
    expect(keys).toEqual(expect.arrayContaining(['games list', 'favourites among']));
  });

  it('a game page, signed in: the game, its similar games and its reviews', async () => {
    const games = (await member.get('/api/games?page=1&pageSize=1')).json<{ items: { id: number; title: string }[] }>();
    const game = games.items[0]!;
    const page = await member.get(`/game-detail?id=${game.id}`);
    expect(rootOf(page.body)).toContain(`<h1`);
    expect(rootOf(page.body)).toContain(escaped(game.title));
    expect(rootOf(page.body)).toContain('Similar games');
  });

  it('/games, signed out: no screen is rendered, the browser sends the visitor to sign in', async () => {
    const page = await t.app.inject('/games');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(SERVER_STATE_ID);
    expect(page.body).toContain('data-boot-status');
  });

  it('a guarded screen, for a visitor who sends no cookie: none of its answers is even read', async () => {
    const metrics = async () =>
      (await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } })).body;
    const answered = (text: string, route: string) =>
      ['200', '401', '403', '404'].reduce(
        (sum, status) => sum + (sampleValue(text, 'gamesource_http_requests_total', { method: 'GET', route, status }) ?? 0),
        0,
      );
    const before = await metrics();
    for (const page of ['/games', '/game-detail?id=1']) expect((await t.app.inject(page)).body).toContain('data-boot-status');
    const after = await metrics();
    for (const route of ['/api/me', '/api/games', '/api/games/:id', '/api/games/:id/viewer']) {
      expect(answered(after, route) - answered(before, route), route).toBe(0);
    }
  });

  it("renders on the site's own address, whatever Host the client names, even one that is no host", async () => {
    for (const host of ['[', 'evil.example']) {
      const page = await t.app.inject({ url: `/?host=${encodeURIComponent(host)}`, headers: { host } });
      expect(page.statusCode, host).toBe(200);
      expect(page.body, host).toContain(SERVER_STATE_ID);
    }
  });

  it('screens it does not render keep the loading screen and their preloads', async () => {
    const page = await member.get('/about');
    expect(page.body).not.toContain(SERVER_STATE_ID);
    expect(page.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/me">');
  });

  it("is the visitor's own: never kept by a shared cache, and varies by cookie", async () => {
    const page = await member.get('/');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(String(page.headers.vary)).toMatch(/cookie/i);
  });

  it('blocks painting only on its styles: its scripts wait, inert, until the screen is painted', async () => {
    const page = await member.get('/');
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css">/);
    const template = /<template id="preloads-after-paint">(.*?)<\/template>/.exec(head)?.[1] ?? '';
    expect(template).toContain('rel="modulepreload"');
    expect(head.replace(template, '')).not.toContain('rel="modulepreload"');
    expect(head).not.toContain('as="fetch"');
  });

  it('is compressed like every other answer', async () => {
    const page = await member.request({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain(SERVER_STATE_ID);
  });

  it("carries a member's own words inertly: nothing in them ends the state's script or runs", async () => {
    const page = await hostile.get('/');
    const scripts = page.body.match(/<script\b/g) ?? [];
    // theme-init.js, the entry module, the state, the member's own facts and the live cursor: nothing else.
    expect(scripts).toHaveLength(5);
    for (const script of [RENDERED_STATE, MEMBER_FACTS]) expect(script.exec(page.body)?.[1]).not.toContain('<');
    expect(memberFactsIn(page.body)?.me.user?.name).toBe(HOSTILE_NAME);
    // The page itself was rendered for every member like them, naming no one (decision 0081).
    expect(JSON.stringify(stateOf(page.body))).not.toContain(HOSTILE_NAME);
  });

  it('is off with RENDER_FIRST_SCREENS=false: every page comes with the loading screen', async () => {
    const plain = await createTestApp({ env: { RENDER_FIRST_SCREENS: 'false' } });
    try {
      const page = await plain.app.inject('/');
      expect(page.body).not.toContain(SERVER_STATE_ID);
      expect(page.body).toContain('data-boot-status');
    } finally {
      await plain.close();
    }
  });

  it('sends the loading screen past RENDER_BUDGET_MS, and logs each page that missed it', async () => {
    const logLines: { msg?: string; url?: string; requestId?: string }[] = [];
    const logStream = { write: (line: string) => void logLines.push(JSON.parse(line) as (typeof logLines)[number]) };
    const hurried = await createTestApp({ env: { RENDER_BUDGET_MS: '1', LOG_LEVEL: 'info' }, logStream });
    const requestsLogged = (msg: string) => new Set(logLines.filter((line) => line.msg === msg).map((line) => line.requestId));
    try {
      const { client } = await signUpMember(hurried.app, { name: 'Hurried Reader' });
      await client.post('/api/me/signup', { username: 'hurried-reader', acceptTerms: true });
      const page = await client.get('/games?q=lantern');
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(SERVER_STATE_ID);
      expect(page.body).toContain('data-boot-status');
      await expect
        .poll(() => logLines.find((line) => line.url === '/games?q=lantern')?.msg)
        .toBe('The first screen was not ready in 1 ms: the loading screen is sent');
      expect(sampleValue((await hurried.app.inject('/metrics')).body, 'gamesource_screens_over_budget_total')).toBe(1);
      // The reads it had started go on: the app closes once they are answered.
      await expect.poll(() => requestsLogged('incoming request').size - requestsLogged('request completed').size).toBe(0);
    } finally {
      await hurried.close();
    }
  });

  it('renders for nobody else: the state of one member never reaches another', async () => {
    const [mine, theirs] = await Promise.all([member.get('/'), hostile.get('/')]);
    expect(mine.body).toContain('render-reader');
    expect(mine.body).not.toContain('hostile-name');
    expect(theirs.body).toContain('hostile-name');
    expect(theirs.body).not.toContain('render-reader');
  });
});

describe('pages for visitors who send no cookie', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ env: { VISITOR_PAGE_CACHE_MS: '1000' } });
    await cached.app.inject('/api/games?pageSize=1');
  });
  afterAll(() => cached.close());

  /** How often the app's own routes answered `GET /api/home` (the renders' in-process requests among them). */
  const homeAnswers = async () => {
    const metrics = await cached.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } });
    return sampleValue(metrics.body, 'gamesource_http_requests_total', { method: 'GET', route: '/api/home', status: '200' }) ?? 0;
  };

  it('share one render: a burst of them costs the server one', async () => {
    const before = await homeAnswers();
    const pages = await Promise.all(Array.from({ length: 5 }, () => cached.app.inject('/')));
    const again = await cached.app.inject('/');
    for (const page of [...pages, again]) expect(page.body).toContain(SERVER_STATE_ID);
    expect(new Set([...pages, again].map((page) => page.body)).size).toBe(1);
    expect((await homeAnswers()) - before).toBe(1);
  });

  it("never get a member's page, and a member never gets theirs", async () => {
    const reader = await signedUpAndFinished(cached.app, 'Cache Reader', 'cache-reader');
    const visitorFirst = await cached.app.inject('/');
    const mine = await reader.get('/');
    const visitorAfter = await cached.app.inject('/');
    expect(mine.body).toContain('cache-reader');
    expect(visitorFirst.body).not.toContain('cache-reader');
    expect(visitorAfter.body).not.toContain('cache-reader');
  });

  it('see a change within the lifetime of the page they were sent', async () => {
    const player = await signedUpAndFinished(cached.app, 'Cache Player', 'cache-player');
    const before = await cached.app.inject('/');
    const played = await player.post('/api/games/5/plays', {});
    expect(played.statusCode).toBe(200);
    const { playCount } = played.json<{ playCount: number }>();
    expect(trendingPlaysIn(before.body, '5')).not.toBe(playCount);
    const started = Date.now();
    await expect
      .poll(async () => trendingPlaysIn((await cached.app.inject('/')).body, '5'), { timeout: 3_000, interval: 50 })
      .toBe(playCount);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
