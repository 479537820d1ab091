import { constants, gunzipSync, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CURSOR_ID, MEMBER_FACTS_ID, SERVER_STATE_ID } from '../../shared/server-render';
import { parseSamples, sampleValue } from '../../test-support/prometheus-text';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import type { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import { answerInWrites, sendRawBytes } from '../../test-support/server/raw-http';
import { liveCursorIn, memberFactsIn } from '../../test-support/server/rendered-page';
import { listenOnLoopback } from '../../test-support/server/sse-client';
import { within } from '../../test-support/within';
import { SIMILAR_GAMES_LIMIT } from '../../web/lib/game-viewer';
import type { RenderedPageOutcome } from './rendered-pages';

// A member's rendered page is sent again while every answer it came from is the same (decisions
// 0063 and 0075). What a member sees must still be theirs alone, and any change must reach their next load.
let t: TestApp;
let ada: HttpClient;
let bo: HttpClient;

interface Card {
  id: number;
  title: string;
}

async function memberNamed(name: string, username: string) {
  const { client } = await signUpMember(t.app, { name });
  const done = await client.post('/api/me/signup', { username, acceptTerms: true });
  if (done.statusCode !== 200) throw new Error(`Sign-up step failed: ${done.body}`);
  return client;
}

const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#x27;');
/** Whether the page's card shows the heart of `game` pressed (a favourite), not pressed, or not at all. */
function heartOf(html: string, game: Card): 'pressed' | 'not pressed' | 'absent' {
  if (html.includes(`aria-label="Remove ${escaped(game.title)} from favourites"`)) return 'pressed';
  if (html.includes(`aria-label="Add ${escaped(game.title)} to favourites"`)) return 'not pressed';
  return 'absent';
}
/** A document as it came over a socket: its headers, and its body in the writes the server made. */
async function chunkedAnswer(origin: string, path: string, headers: Record<string, string>) {
  const lines = [`GET ${path} HTTP/1.1`, `host: ${new URL(origin).host}`, 'accept: text/html', 'connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return answerInWrites(await sendRawBytes(origin, `${lines.join('\r\n')}\r\n\r\n`));
}

const screenOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));

let first: Card;
let second: Card;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.inject('/api/games?pageSize=1');
  ada = await memberNamed('Ada Lantern', 'ada-lantern');
  bo = await memberNamed('Bo Orchard', 'bo-orchard');
  const { items } = (await ada.get('/api/games?page=1&pageSize=24')).json<{ items: Card[] }>();
  [first, second] = items as [Card, Card];
  expect((await ada.request({ method: 'PUT', url: `/api/games/${first.id}/favourite` })).statusCode).toBe(200);
  expect((await bo.request({ method: 'PUT', url: `/api/games/${second.id}/favourite` })).statusCode).toBe(200);
  // The renderer's first pages (its code loading and warming up) may take longer than its budget on a busy machine.
  for (const page of ['/games', `/game-detail?id=${second.id}`]) {
    const rendered = async () => (await ada.get(page)).body.includes('id="server-state"');
    if (!(await within(20_000, rendered))) throw new Error(`${page} was never rendered on the server`);
  }
}, 60_000);
afterAll(() => t.close());

describe("a member's full page load, rendered once and sent again", () => {
  it("shows each member their own hearts and name, loaded again and again, never another member's", async () => {
    for (let round = 0; round < 3; round++) {
      const [adas, bos] = await Promise.all([ada.get('/games'), bo.get('/games')]);
      expect(screenOf(adas.body)).toContain('<h1');
      expect([heartOf(adas.body, first), heartOf(adas.body, second)]).toEqual(['pressed', 'not pressed']);
      expect([heartOf(bos.body, first), heartOf(bos.body, second)]).toEqual(['not pressed', 'pressed']);
      expect(adas.body).toContain('ada-lantern');
      expect(adas.body).not.toContain('bo-orchard');
      expect(bos.body).toContain('bo-orchard');
      expect(bos.body).not.toContain('ada-lantern');
    }
  });

  it('takes in a change at the next load: a heart taken back, a play counted by someone else', async () => {
    expect(heartOf((await ada.get('/games')).body, first)).toBe('pressed');
    expect((await ada.request({ method: 'DELETE', url: `/api/games/${first.id}/favourite` })).statusCode).toBe(200);
    expect(heartOf((await ada.get('/games')).body, first)).toBe('not pressed');

    const gamePage = `/game-detail?id=${second.id}`;
    const plays = () => ada.get(`/api/games/${second.id}`).then((answer) => answer.json<{ playCount: number }>().playCount);
    const shown = async () => (await ada.get(gamePage)).body;
    const before = await plays();
    expect(await shown()).toContain(`"playCount":${before}`);
    expect((await bo.post(`/api/games/${second.id}/plays`, {})).statusCode).toBe(200);
    const after = await plays();
    expect(after).toBe(before + 1);
    const page = await shown();
    expect(page).toContain(`"playCount":${after}`);
    expect(page).not.toContain(`"playCount":${before},`);
  });

  it("shows a member their own review on a game page, and the other member the review's form", async () => {
    const gamePage = `/game-detail?id=${second.id}`;
    const beforeReview = await bo.get(gamePage);
    const review = await bo.post(`/api/games/${second.id}/reviews`, { stars: 4, body: 'Bright harbour lights and a fair puzzle curve.' });
    expect(review.statusCode, review.body).toBeLessThan(300);
    const [bos, adas] = await Promise.all([bo.get(gamePage), ada.get(gamePage)]);
    const heading = (html: string) => /<h3[^>]*>(Your review|Write a review)<\/h3>/.exec(screenOf(html))?.[1];
    expect(heading(beforeReview.body)).toBe('Write a review');
    expect(heading(bos.body)).toBe('Your review');
    expect(heading(adas.body)).toBe('Write a review');
  });

  it('is the same page, byte for byte, while its answers are, but for where its live events stand', async () => {
    const gzipped = async (page: string) => {
      const answer = await ada.request({ method: 'GET', url: page, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(answer.headers['content-encoding']).toBe('gzip');
      return gunzipSync(answer.rawPayload).toString();
    };
    const cursorAt = (html: string) => html.indexOf(`<script type="application/json" id="${LIVE_CURSOR_ID}">`);
    for (const page of ['/', '/games', `/game-detail?id=${second.id}`]) {
      const before = await gzipped(page);
      // Bo's own change moves the live events on, and touches nothing on Ada's page.
      const moved = await bo.request({ method: 'PUT', url: '/api/me/favourite-categories', payload: { categories: ['puzzle'] } });
      expect(moved.statusCode, moved.body).toBe(200);
      // This instance hears of it a moment later.
      let after = before;
      await expect
        .poll(async () => liveCursorIn((after = await gzipped(page))), { timeout: 5_000, interval: 50 })
        .not.toBe(liveCursorIn(before));
      expect(cursorAt(before), page).toBeGreaterThan(0);
      expect(after.slice(0, cursorAt(after)), page).toBe(before.slice(0, cursorAt(before)));
    }
  });

  const count = async (outcome: RenderedPageOutcome) => {
    const metrics = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } });
    return sampleValue(metrics.body, 'gamesource_rendered_pages_total', { outcome }) ?? 0;
  };

  it('renders each page once while its answers stay the same: the next loads send what was kept', async () => {
    for (const page of ['/', '/games', `/game-detail?id=${first.id}`]) {
      await ada.get(page);
      const [kept, rendered] = [await count('kept'), await count('rendered')];
      for (let load = 0; load < 3; load++) expect((await ada.get(page)).body, page).toContain('id="server-state"');
      expect([(await count('kept')) - kept, (await count('rendered')) - rendered], page).toEqual([3, 0]);
    }
  });

  it('renders a page once for every member like them, and gives each their own name apart from it', async () => {
    // Two newcomers: no hearts, reviews or follows, so only who they are tells them apart.
    const cy = await memberNamed('Cy Meadow', 'cy-meadow');
    const di = await memberNamed('Di Quarry', 'di-quarry');
    const { items } = (await cy.get('/api/games?page=3&pageSize=2')).json<{ items: Card[] }>();
    const factsAt = (html: string) => html.indexOf(`<script type="application/json" id="${MEMBER_FACTS_ID}">`);
    for (const page of ['/', '/games?sort=title', ...items.map((game) => `/game-detail?id=${game.id}`)]) {
      const cys = (await cy.get(page)).body;
      const [kept, rendered] = [await count('kept'), await count('rendered')];
      const dis = (await di.get(page)).body;
      // Di's first load of the page was rendered for Cy: nothing in it names its member.
      expect([(await count('kept')) - kept, (await count('rendered')) - rendered], page).toEqual([1, 0]);
      expect(factsAt(dis), page).toBeGreaterThan(0);
      expect(dis.slice(0, factsAt(dis)), page).toBe(cys.slice(0, factsAt(cys)));
      expect(dis.slice(0, factsAt(dis)), page).not.toMatch(/Cy Meadow|Di Quarry|cy-meadow|di-quarry/);
      expect([memberFactsIn(cys)?.me.user?.name, memberFactsIn(dis)?.me.user?.name], page).toEqual(['Cy Meadow', 'Di Quarry']);
    }
  });

  it('reads only what its screen asks for on a new game page, once a guess went wrong', async () => {
    const viewerReads = async () => {
      const metrics = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } });
      return parseSamples(metrics.body)
        .filter(({ name, labels }) => name === 'gamesource_http_requests_total' && labels.route === '/api/games/:id/viewer')
        .reduce((sum, sample) => sum + sample.value, 0);
    };
    // Game 6's viewer path asks `similar=6`, so the next game page's guess swaps that 6 as well.
    expect((await ada.get(`/api/games/${SIMILAR_GAMES_LIMIT}`)).statusCode).toBe(200);
    const { items } = (await ada.get('/api/games?pageSize=24')).json<{ items: Card[] }>();
    const others = items.map((game) => game.id).filter((id) => id > 10);
    // Addresses of a shape no other test opens: each page is new, and each guess comes from the one before.
    expect(others.length).toBeGreaterThanOrEqual(2);
    const pages = [SIMILAR_GAMES_LIMIT, ...others.slice(0, 2)].map((id) => `/game-detail?id=${id}&from=guesses`);
    const readsOf = async (page: string) => {
      const before = await viewerReads();
      expect((await ada.get(page)).body, page).toContain('id="server-state"');
      return (await viewerReads()) - before;
    };
    const reads = [];
    for (const page of pages) reads.push(await readsOf(page));
    // The first guess reads a viewer answer for nothing; the next is guessed from what its screen asked.
    expect(reads).toEqual([1, 2, 1]);
  });

  it("sends a new page's head at once, and its screen once rendered, as one gzip answer", async () => {
    const origin = await listenOnLoopback(t.app);
    const page = `/game-detail?id=${second.id}&from=ahead`;
    const { headers, chunks } = await chunkedAnswer(origin, page, { cookie: ada.cookieHeader, 'accept-encoding': 'gzip' });
    expect(headers).toMatch(/\r\ncontent-encoding: gzip\r\n/i);
    // The first write is the page's head alone: the browser asks for the stylesheet and scripts meanwhile.
    const head = inflateRawSync(chunks[0]!.subarray(10), { finishFlush: constants.Z_SYNC_FLUSH }).toString();
    expect(head).toMatch(/<link rel="stylesheet"[^>]*>[\s\S]*<\/head>\s*<body[^>]*>\s*$/);
    const whole = gunzipSync(Buffer.concat(chunks)).toString();
    expect(whole.startsWith(head)).toBe(true);
    expect(screenOf(whole)).toContain(escaped(second.title));
    expect(memberFactsIn(whole)?.me.user?.name).toBe('Ada Lantern');
    // Sent again from what was kept, it goes whole, at once.
    expect((await chunkedAnswer(origin, page, { cookie: ada.cookieHeader, 'accept-encoding': 'gzip' })).chunks).toHaveLength(1);

    // A screen that cannot be rendered after all (no such game) follows its head with the loading screen, as before.
    const missing = await chunkedAnswer(origin, '/game-detail?id=987654', { cookie: ada.cookieHeader, 'accept-encoding': 'gzip' });
    expect(missing.headers).toMatch(/^HTTP\/1\.1 200 /);
    expect(missing.chunks).toHaveLength(2);
    const loading = gunzipSync(Buffer.concat(missing.chunks)).toString();
    expect(loading).toContain('data-boot-status');
    expect(loading).not.toContain(SERVER_STATE_ID);
    expect(loading.trimEnd()).toMatch(/<\/html>$/);
  });

  it('writes every page without waiting: its first requests ask for all its screen reads', async () => {
    const { items } = (await ada.get('/api/games?page=2&pageSize=6')).json<{ items: Card[] }>();
    const pages = ['/', '/games?sort=newest', ...items.map((game) => `/game-detail?id=${game.id}`)];
    const [waited, rendered] = [await count('waited'), await count('rendered')];
    for (const page of pages) expect((await ada.get(page)).body, page).toContain('id="server-state"');
    expect((await count('waited')) - waited).toBe(0);
    // Home may be sent as kept from an earlier test; the game pages are new.
    expect((await count('rendered')) - rendered).toBeGreaterThanOrEqual(items.length);
  });
});
