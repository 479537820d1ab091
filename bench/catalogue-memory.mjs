// `npm run bench:memory -- 10000=postgres://…/bench10k 100000=postgres://…/bench100k embedded:100000=/data/dir`
// Starts the built server (`npm run build` first) against each database, already filled with
// `npm run bench:dataset`, and prints how long it takes to answer its first catalogue page and
// its first search, the server's resident memory then, and a straight-line projection of
// those figures to 1,000,000 games from the PostgreSQL points.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from './support/server.mjs';

const PROJECT_TO = 1_000_000;
const GIVE_UP_MS = 300_000;

function parseTargets(args) {
  const targets = args.map((arg) => {
    const match = /^(embedded:)?(\d+)=(.+)$/.exec(arg);
    if (!match) throw new Error(`Not <games>=<postgres URL> or embedded:<games>=<data folder>: ${arg}`);
    const [, embedded, games, where] = match;
    return {
      games: Number(games),
      kind: embedded ? 'embedded' : 'PostgreSQL',
      env: embedded ? { DATA_DIR: where } : { DATABASE_URL: where },
    };
  });
  if (targets.length === 0) {
    console.error('Usage: npm run bench:memory -- <games>=<postgres URL>… [embedded:<games>=<data folder>]');
    process.exit(2);
  }
  return targets;
}

/** Resident and peak resident memory of a process, in MB. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)[1]);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function firstOk(url, started) {
  for (;;) {
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`no answer from ${url}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function measure({ games, kind, env }) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PUBLIC_READS_PER_MINUTE_PER_ADDRESS: '100000000',
      ...env,
      PORT: String(port),
      GAMES_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}/api/games`;
    const listening = await firstOk(`http://127.0.0.1:${port}/api/health`, started);
    const firstPage = await firstOk(`${base}?page=1&pageSize=24`, started);
    const atFirstPage = memoryOf(child.pid);
    const firstSearch = await firstOk(`${base}?q=neon%20oracle&page=1&pageSize=24`, started);
    // Settled: a few pages in other orders, then a moment for the collector.
    for (const sort of ['top-rated', 'title', 'price', 'most-played']) await fetch(`${base}?sort=${sort}&page=3`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return { games, kind, listening, firstPage, firstSearch, atFirstPage, loaded: memoryOf(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** The least-squares line through the points, at x. */
function projected(points, x) {
  const n = points.length;
  const meanX = points.reduce((sum, [px]) => sum + px, 0) / n;
  const meanY = points.reduce((sum, [, py]) => sum + py, 0) / n;
  const slope =
    points.reduce((sum, [px, py]) => sum + (px - meanX) * (py - meanY), 0) / points.reduce((sum, [px]) => sum + (px - meanX) ** 2, 0);
  return meanY + slope * (x - meanX);
}

const results = [];
for (const target of parseTargets(process.argv.slice(2))) {
  const result = await measure(target);
  results.push(result);
  console.log(
    `${result.kind} ${result.games} games: listening ${(result.listening / 1000).toFixed(1)} s, first page ${(result.firstPage / 1000).toFixed(1)} s, ` +
      `first search ${(result.firstSearch / 1000).toFixed(1)} s, RSS ${result.atFirstPage.rss.toFixed(0)} MB at the first page, ` +
      `${result.loaded.rss.toFixed(0)} MB loaded (peak ${result.loaded.peak.toFixed(0)} MB)`,
  );
}

console.log(
  '\n| games | database | listening (s) | first page (s) | first search (s) | RSS at first page (MB) | RSS loaded (MB) | peak RSS (MB) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
const row = (r) =>
  `| ${r.games.toLocaleString('en')} | ${r.kind} | ${(r.listening / 1000).toFixed(1)} | ${(r.firstPage / 1000).toFixed(1)} | ${(r.firstSearch / 1000).toFixed(1)} | ${r.atFirstPage.rss.toFixed(0)} | ${r.loaded.rss.toFixed(0)} | ${r.loaded.peak.toFixed(0)} |`;
for (const r of results) console.log(row(r));

const postgres = results.filter((r) => r.kind === 'PostgreSQL');
if (new Set(postgres.map((r) => r.games)).size >= 2) {
  const line = (value) =>
    projected(
      postgres.map((r) => [r.games, value(r)]),
      PROJECT_TO,
    );
  console.log(
    `| ${PROJECT_TO.toLocaleString('en')} (straight line) | PostgreSQL | ${(line((r) => r.listening) / 1000).toFixed(1)} | ${(line((r) => r.firstPage) / 1000).toFixed(1)} | ` +
      `${(line((r) => r.firstSearch) / 1000).toFixed(1)} | ${line((r) => r.atFirstPage.rss).toFixed(0)} | ` +
      `${line((r) => r.loaded.rss).toFixed(0)} | ${line((r) => r.loaded.peak).toFixed(0)} |`,
  );
}
