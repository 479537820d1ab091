// `npm run bench:catalogue`: serves the built app on the configured database and runs
// autocannon against list, filtered list, search, game page and /api/health in one run,
// printing requests/s, p50 and p99 for each, the ratio to /api/health, and how long the
// first (uncached) answer took. SERVER_ENTRY picks another build (default dist/server/main.js).
// Budgets (p99, 50 connections, loopback): PostgreSQL 50 ms, embedded 150 ms.
import { spawn } from 'node:child_process';
import net from 'node:net';
import autocannon from 'autocannon';

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

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, [process.env.SERVER_ENTRY ?? 'dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return { base, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('The server did not start');
}

const { base, child } = await startServer();
const results = {};
try {
  for (const [name, path] of Object.entries(targets)) {
    // The first answer computes what the cache then shares: timed on its own, outside the run.
    const started = performance.now();
    await fetch(`${base}${path}`);
    const first = Math.round(performance.now() - started);
    const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: SECONDS });
    results[name] = {
      first,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failed: result.non2xx + result.errors + result.timeouts,
    };
  }
} finally {
  child.kill('SIGTERM');
}

const health = results.health.rps;
console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}; ${CONNECTIONS} connections, ${SECONDS} s each`);
console.log('endpoint     requests/s    p50 ms   p99 ms   vs health   failed   first ms');
let overBudget = false;
for (const [name, { first, rps, p50, p99, failed }] of Object.entries(results)) {
  const over = name !== 'health' && (p99 > budgetMs || failed > 0);
  overBudget ||= over;
  const verdict = over ? `  over budget (${budgetMs} ms p99, no failures)` : '';
  console.log(`${name.padEnd(12)} ${rps.toFixed(0).padStart(10)} ${String(p50).padStart(9)} ${String(p99).padStart(8)} ${(rps / health).toFixed(2).padStart(11)} ${String(failed).padStart(8)} ${String(first).padStart(10)}${verdict}`);
}
if (overBudget) process.exitCode = 1;
