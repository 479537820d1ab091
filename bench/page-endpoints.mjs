// `npm run bench:page-endpoints`: serves the built app (showcase mode: every request is the
// signed-in demo user, with a member's life: liveIn below) on DATABASE_URL, or the embedded database, and loads every endpoint
// that home, /games and a game page call as they open, with autocannon: 50 connections,
// BENCH_SECONDS (default 5) each, printing requests/s, p50 and p99. Game endpoints ask for a
// different game on every request. Target: 2,000 requests/s for each on PostgreSQL at 100,000
// games (npm run bench:dataset -- 100000 first). SERVER_ENTRY picks another build.
import autocannon from 'autocannon';
import { sampleGameIds, startServer } from './support/server.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET_RPS = 2_000;

const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** Each page's calls, as they are made (game ids vary per request). */
const pages = (gameIds, pageIds) => ({
  'every page': {
    me: () => '/api/me',
    categories: () => '/api/categories',
  },
  home: { home: () => '/api/home' },
  '/games': {
    games: () => '/api/games?page=1&pageSize=24',
    'favourites among': () => `/api/me/favourites/among?ids=${pageIds}`,
  },
  'signed-in pages': {
    favourites: () => '/api/me/favourites?page=1&pageSize=24',
    'following feed': () => '/api/me/following/feed?page=1&pageSize=24',
    notifications: () => '/api/me/notifications',
  },
  'game page': {
    game: () => `/api/games/${pick(gameIds)}`,
    viewer: () => `/api/games/${pick(gameIds)}/viewer?similar=6&reviews=10`,
    // Asked when the order changes or more are shown; a game page opens with them in the viewer's answer.
    'reviews (later)': () => `/api/games/${pick(gameIds)}/reviews?order=newest&page=1&pageSize=10`,
    'similar (old)': () => `/api/games/${pick(gameIds)}/similar?limit=6`,
  },
});

async function load(base, nextPath) {
  const requests = [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }];
  const result = await autocannon({ url: base, requests, connections: CONNECTIONS, duration: SECONDS });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** Asks as the demo user from a page of the site; fails loudly. */
async function write(base, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
}

/**
 * A member's life, as the pages they open see it: three favourite categories (as onboarding
 * asks; they make home's "For you"), 200 favourites, 30 followed games (the Following feed) and
 * one game they are not interested in. Each write leaves things as they are when repeated.
 */
async function liveIn(base, gameIds) {
  await write(base, 'PUT', '/api/me/favourite-categories', { categories: ['racing', 'fantasy', 'pixel'] });
  for (const id of gameIds.slice(0, 200)) await write(base, 'PUT', `/api/games/${id}/favourite`);
  for (const id of gameIds.slice(200, 230)) await write(base, 'PUT', `/api/games/${id}/follow`);
  await write(base, 'PUT', `/api/games/${gameIds.at(-1)}/not-interested`);
}

const { base, stop } = await startServer({
  configuredDatabase: true,
  env: { AUTH_MODE: 'demo', WRITES_PER_MINUTE_PER_USER: '100000', WRITES_PER_MINUTE_PER_ADDRESS: '100000' },
});
const rows = [];
try {
  const gameIds = await sampleGameIds(base);
  await liveIn(base, gameIds);
  // A search waits for the games' text, which the server reads after it first answers: measure after that.
  await fetch(`${base}/api/games?q=warm`);
  const firstPage = await fetch(`${base}/api/games?page=1&pageSize=24`).then((r) => r.json());
  const pageIds = firstPage.items
    .map((game) => game.id)
    .sort((a, b) => a - b)
    .join(',');
  for (const [page, endpoints] of Object.entries(pages(gameIds, pageIds))) {
    for (const [name, nextPath] of Object.entries(endpoints)) rows.push({ page, name, ...(await load(base, nextPath)) });
  }
} finally {
  await stop();
}

console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}; ${CONNECTIONS} connections, ${SECONDS} s each`);
console.log('page         endpoint           requests/s   p50 ms   p99 ms   failed');
for (const { page, name, rps, p50, p99, failed } of rows) {
  const verdict = rps < TARGET_RPS || failed > 0 ? `  under ${TARGET_RPS} req/s or failing` : '';
  console.log(
    `${page.padEnd(12)} ${name.padEnd(18)} ${rps.toFixed(0).padStart(10)} ${String(p50).padStart(8)} ${String(p99).padStart(8)} ${String(failed).padStart(8)}${verdict}`,
  );
}
