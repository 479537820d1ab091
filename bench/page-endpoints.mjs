// `npm run bench:page-endpoints`: serves the built app (showcase mode: every request is the
// signed-in demo user, with three favourite categories) on DATABASE_URL, or the embedded database, and loads every endpoint
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
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts };
}

/** As onboarding asks of everyone: three favourite categories, which make the home page's "For you". */
async function pickFavouriteCategories(base) {
  const response = await fetch(`${base}/api/me/favourite-categories`, {
    method: 'PUT',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ categories: ['racing', 'fantasy', 'pixel'] }),
  });
  if (!response.ok) throw new Error(`Picking favourite categories answered ${response.status}: ${await response.text()}`);
}

const { base, stop } = await startServer({ configuredDatabase: true, env: { AUTH_MODE: 'demo' } });
const rows = [];
try {
  await pickFavouriteCategories(base);
  const gameIds = await sampleGameIds(base);
  const firstPage = await fetch(`${base}/api/games?page=1&pageSize=24`).then((r) => r.json());
  const pageIds = firstPage.items.map((game) => game.id).sort((a, b) => a - b).join(',');
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
  console.log(`${page.padEnd(12)} ${name.padEnd(18)} ${rps.toFixed(0).padStart(10)} ${String(p50).padStart(8)} ${String(p99).padStart(8)} ${String(failed).padStart(8)}${verdict}`);
}
