// `npm run bench:catalogue`: serves the built app on the configured database and runs
// autocannon against list, filtered list, search, game page and /api/health in one run,
// printing requests/s, p50 and p99 for each, the ratio to /api/health, and how long the
// first (uncached) answer took. SERVER_ENTRY picks another build (default dist/server/main.js).
// Budgets (p99, 50 connections, loopback): PostgreSQL 50 ms, embedded 150 ms.
// Each endpoint runs twice: once repeating one URL (a busy page), and once with every request
// asking for a different URL (other pages, sorts, filters, searches and games), as real
// visitors do.
import autocannon from 'autocannon';
import { sampleGameIds, startServer } from './support/server.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const budgetMs = process.env.DATABASE_URL ? 50 : 150;

const targets = {
  health: '/api/health',
  list: '/api/games?page=3',
  filtered: '/api/games?category=rpg&exclude=sports&price=paid&minRating=4&aiRole=npc-dialogue&sort=top-rated',
  search: '/api/games?q=neon%20oracle',
  'game page': '/api/games/12',
};

const sorts = ['top-rated', 'most-played', 'trending', 'newest', 'release-date', 'title', 'price'];
const categories = ['simulation', 'adventure', 'action', 'strategy', 'puzzle', 'rpg', 'music', 'fantasy'];
const words = [
  'neon',
  'oracle',
  'harbour',
  'circuit',
  'garden',
  'clockwork',
  'lantern',
  'orchard',
  'velvet',
  'atlas',
  'reactor',
  'midnight',
];
const typos = ['oracel', 'harbuor', 'lanturn', 'clokwork', 'orchad', 'midnigth'];
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const upTo = (n) => 1 + Math.floor(Math.random() * n);

/** For each endpoint, a URL that differs from request to request. */
const variedTargets = (gameIds) => ({
  health: () => '/api/health',
  list: () => `/api/games?sort=${pick(sorts)}&page=${upTo(40)}`,
  filtered: () =>
    `/api/games?category=${pick(categories)}&exclude=${pick(categories)}&price=${pick(['free', 'paid'])}&minRating=${pick([3, 4])}&sort=${pick(sorts)}&page=${upTo(5)}`,
  search: () => `/api/games?q=${pick([...words, ...typos])}%20${pick(words)}&page=${upTo(3)}`,
  'game page': () => `/api/games/${pick(gameIds)}`,
});

function summary(result, first) {
  return {
    first,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function repeatOne(base, path) {
  // The first answer computes what the cache then shares: timed on its own, outside the run.
  const started = performance.now();
  await fetch(`${base}${path}`);
  const first = Math.round(performance.now() - started);
  return summary(await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: SECONDS }), first);
}

async function varyEach(base, nextPath) {
  const requests = [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }];
  return summary(await autocannon({ url: base, requests, connections: CONNECTIONS, duration: SECONDS }), null);
}

function printTable(title, results) {
  const health = results.health.rps;
  console.log(`\n${title}`);
  console.log('endpoint     requests/s    p50 ms   p99 ms   vs health   failed   first ms');
  let overBudget = false;
  for (const [name, { first, rps, p50, p99, failed }] of Object.entries(results)) {
    const over = name !== 'health' && (p99 > budgetMs || failed > 0);
    overBudget ||= over;
    const verdict = over ? `  over budget (${budgetMs} ms p99, no failures)` : '';
    console.log(
      `${name.padEnd(12)} ${rps.toFixed(0).padStart(10)} ${String(p50).padStart(9)} ${String(p99).padStart(8)} ${(rps / health).toFixed(2).padStart(11)} ${String(failed).padStart(8)} ${String(first ?? '-').padStart(10)}${verdict}`,
    );
  }
  return overBudget;
}

const { base, stop, catalogueReadMs } = await startServer({ configuredDatabase: true });
console.log(`catalogue read into memory ${catalogueReadMs} ms after the server answered`);
const repeated = {};
const varied = {};
try {
  for (const [name, path] of Object.entries(targets)) repeated[name] = await repeatOne(base, path);
  const gameIds = await sampleGameIds(base);
  for (const [name, nextPath] of Object.entries(variedTargets(gameIds))) varied[name] = await varyEach(base, nextPath);
} finally {
  await stop();
}

console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}; ${CONNECTIONS} connections, ${SECONDS} s each`);
const repeatedOver = printTable('One URL per endpoint, repeated:', repeated);
const variedOver = printTable('A different URL on every request:', varied);
if (repeatedOver || variedOver) process.exitCode = 1;
