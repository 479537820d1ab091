// `npm run bench:sessions`: serves the built app on the configured database and runs autocannon
// against /api/me anonymous and signed in, and the per-user calls a page makes (notifications,
// which of the page's games are favourites, my review), first with the session cache off
// (SESSION_CACHE_MS=0: every request looks its session and user up) and then as shipped.
// On PostgreSQL it also counts the database's transactions per request, which shows whether
// the signed-in requests still go to the database. Target (decision 0025): the signed-in
// per-user calls at 2,000 requests/s or more, PostgreSQL, 50 connections, 100,000 games.
// SERVER_ENTRY picks another build (default dist/server/main.js).
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from './support/server.mjs';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_RPS = 2000;

/** A real session: the demo account's, signed in the way the site's button does it. */
async function signIn(base) {
  const response = await fetch(`${base}/api/demo/sign-in`, { method: 'POST', headers: { origin: base } });
  if (!response.ok) throw new Error(`Demo sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const me = await fetch(`${base}/api/me`, { headers: { cookie } }).then((r) => r.json());
  if (!me.user) throw new Error('The demo session did not sign in');
  return cookie;
}

async function targetsFor(base) {
  const { items } = await fetch(`${base}/api/games?page=1`).then((r) => r.json());
  const ids = items.map((game) => game.id);
  return {
    'me, anonymous': { path: '/api/me', signedIn: false },
    'me, signed in': { path: '/api/me', signedIn: true },
    notifications: { path: '/api/me/notifications', signedIn: true },
    'favourites among page': { path: `/api/me/favourites/among?ids=${ids.join(',')}`, signedIn: true },
    'my review': { path: `/api/games/${ids[0]}/reviews/mine`, signedIn: true },
  };
}

/** Committed transactions so far, or null on the embedded database. */
async function transactions() {
  if (!process.env.DATABASE_URL) return null;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    // The statistics are sent at most every half second: wait for the latest.
    await client.query('select pg_sleep(0.6)');
    const { rows } = await client.query(
      'select pg_stat_clear_snapshot(), xact_commit::bigint as n from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

async function measure(base, { path, signedIn }, cookie) {
  const headers = signedIn ? { cookie } : {};
  const before = await transactions();
  const result = await autocannon({ url: `${base}${path}`, headers, connections: CONNECTIONS, duration: SECONDS });
  const after = await transactions();
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    perRequest: before === null ? null : (after - before) / result.requests.total,
  };
}

async function run(label, env) {
  const { base, stop } = await startServer({ configuredDatabase: true, env: { ...env, DEMO_ACCOUNT: 'true' } });
  try {
    const cookie = await signIn(base);
    const results = {};
    for (const [name, target] of Object.entries(await targetsFor(base))) results[name] = await measure(base, target, cookie);
    return { label, results };
  } finally {
    await stop();
  }
}

const runs = [
  await run('session cache off (SESSION_CACHE_MS=0)', { SESSION_CACHE_MS: '0' }),
  await run('session cache on (as shipped, 1000 ms)', {}),
];

console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}; ${CONNECTIONS} connections, ${SECONDS} s each`);
for (const { label, results } of runs) {
  const anonymous = results['me, anonymous'].rps;
  console.log(`\n${label}`);
  console.log('endpoint                 requests/s   p99 ms   vs anonymous   db transactions/request   failed');
  for (const [name, { rps, p99, failed, perRequest }] of Object.entries(results)) {
    const transactionsText = perRequest === null ? '-' : perRequest.toFixed(2);
    console.log(
      `${name.padEnd(24)} ${rps.toFixed(0).padStart(10)} ${String(p99).padStart(8)} ${(rps / anonymous).toFixed(2).padStart(14)} ${transactionsText.padStart(25)} ${String(failed).padStart(8)}`,
    );
  }
}
const [off, on] = runs.map((r) => r.results);
const perUser = ['notifications', 'favourites among page', 'my review'];
console.log('\nsigned in, cache on vs off:');
for (const name of ['me, signed in', ...perUser]) console.log(`  ${name}: ${(on[name].rps / off[name].rps).toFixed(2)}x`);
const short = perUser.filter((name) => on[name].rps < TARGET_RPS);
if (short.length > 0) {
  console.log(`\nbelow the target of ${TARGET_RPS} requests/s: ${short.join(', ')}`);
  process.exitCode = 1;
}
