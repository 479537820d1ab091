// `npm run bench:page-endpoints`: serves the built app (showcase mode: every request is the
// signed-in demo user) on DATABASE_URL, or the embedded database, and loads every endpoint
// that home, /games and a game page call as they open, with autocannon: 50 connections,
// BENCH_SECONDS (default 5) each, printing requests/s, p50 and p99. Game endpoints ask for a
// different game on every request. Target: 2,000 requests/s for each on PostgreSQL at 100,000
// games (npm run bench:dataset -- 100000 first). SERVER_ENTRY picks another build.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from './support/server.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET_RPS = 2_000;

const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** Each page's calls, as they are made (game ids vary per request). */
const pages = (gameIds, pageIds) => ({
  'every page': {
    me: () => '/api/me',
    notifications: () => '/api/me/notifications?pageSize=1',
    categories: () => '/api/categories',
  },
  home: { home: () => '/api/home' },
  '/games': {
    games: () => '/api/games?page=1&pageSize=24',
    'favourites among': () => `/api/me/favourites/among?ids=${pageIds}`,
  },
  'game page': {
    game: () => `/api/games/${pick(gameIds)}`,
    reviews: () => `/api/games/${pick(gameIds)}/reviews?order=newest&page=1&pageSize=10`,
    viewer: () => `/api/games/${pick(gameIds)}/viewer?similar=6`,
    'similar (old)': () => `/api/games/${pick(gameIds)}/similar?limit=6`,
  },
});

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, [process.env.SERVER_ENTRY ?? 'dist/server/main.js'], {
    env: { ...process.env, PUBLIC_READS_PER_MINUTE_PER_ADDRESS: '100000000', PORT: String(port), LOG_LEVEL: 'warn', AUTH_MODE: 'demo' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) {
      await fetch(`${base}/api/games?pageSize=1`);
      return { base, child };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('The server did not start');
}

/** Ids of real games from all over the catalogue. */
async function sampleGameIds(base) {
  const ids = [];
  for (let page = 1; page <= 1000; page += 10) {
    const { items } = await fetch(`${base}/api/games?sort=title&pageSize=100&page=${page}`).then((r) => r.json());
    if (items.length === 0) break;
    ids.push(...items.map((game) => game.id));
  }
  return ids;
}

async function load(base, nextPath) {
  const requests = [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }];
  const result = await autocannon({ url: base, requests, connections: CONNECTIONS, duration: SECONDS });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts };
}

const { base, child } = await startServer();
const rows = [];
try {
  const gameIds = await sampleGameIds(base);
  const firstPage = await fetch(`${base}/api/games?page=1&pageSize=24`).then((r) => r.json());
  const pageIds = firstPage.items.map((game) => game.id).sort((a, b) => a - b).join(',');
  for (const [page, endpoints] of Object.entries(pages(gameIds, pageIds))) {
    for (const [name, nextPath] of Object.entries(endpoints)) rows.push({ page, name, ...(await load(base, nextPath)) });
  }
} finally {
  child.kill('SIGTERM');
}

console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}; ${CONNECTIONS} connections, ${SECONDS} s each`);
console.log('page         endpoint           requests/s   p50 ms   p99 ms   failed');
for (const { page, name, rps, p50, p99, failed } of rows) {
  const verdict = rps < TARGET_RPS || failed > 0 ? `  under ${TARGET_RPS} req/s or failing` : '';
  console.log(`${page.padEnd(12)} ${name.padEnd(18)} ${rps.toFixed(0).padStart(10)} ${String(p50).padStart(8)} ${String(p99).padStart(8)} ${String(failed).padStart(8)}${verdict}`);
}
