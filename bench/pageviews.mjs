// `npm run bench:pageviews`: page views per second of home, /games and a game page, as the
// built app really makes them. Every run first records, in Chromium, the calls each page makes
// (signed in), so the figures follow the app as its calls change: opened from another screen of
// the app (its API calls), and as a first visit (the page, whose screen the server renders with
// the answers it needs, then whatever the page still asks); then replays each view's
// calls together, PAGEVIEWS_IN_FLIGHT (16) views at a time for BENCH_SECONDS (10) per page, once
// anonymously and once as PAGEVIEWS_USERS (8) signed-in users made through the real sign-up and
// sign-in API (anonymous: the same calls without a session cookie; those that need one answer
// 401 at once). Runs on DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR (a fresh
// one when unset); fill either with `npm run bench:dataset -- 100000` first.
// Targets, for views opened in the app: signed-in >= 0.5 of anonymous; PostgreSQL >= 1,000
// views/s on home and /games and >= 500 on a game page with p99 < 100 ms; embedded >= 300
// views/s. First visits are printed beside them, without a target. PAGEVIEWS_PAGES=home,games
// (names: home, games, game page) measures only those.
import { recordPageViews } from './pageviews/record.mjs';
import { replay } from './pageviews/replay.mjs';
import { signedInUsers } from './pageviews/users.mjs';
import { firstGameId, startServer } from './support/server.mjs';

const IN_FLIGHT = Number(process.env.PAGEVIEWS_IN_FLIGHT ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.PAGEVIEWS_USERS ?? 8);
const onPostgres = Boolean(process.env.DATABASE_URL);
/** PAGEVIEWS_PAGES=home,games measures only those pages. */
const ONLY = process.env.PAGEVIEWS_PAGES?.split(',');

const targets = onPostgres
  ? { home: { views: 1000 }, games: { views: 1000 }, 'game page': { views: 500, p99: 100 } }
  : { home: { views: 300 }, games: { views: 300 }, 'game page': { views: 300 } };
const MIN_SIGNED_IN_RATIO = 0.5;

function misses(name, anonymous, signedIn) {
  const target = targets[name];
  const ratio = signedIn.viewsPerSecond / anonymous.viewsPerSecond;
  return [
    signedIn.viewsPerSecond < target.views && `< ${target.views} views/s`,
    target.p99 && signedIn.p99 >= target.p99 && `p99 >= ${target.p99} ms`,
    ratio < MIN_SIGNED_IN_RATIO && `signed-in/anonymous < ${MIN_SIGNED_IN_RATIO}`,
  ].filter(Boolean);
}

const statusText = (statuses) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

function printResults(kind, judged, recorded, results) {
  console.log(
    `\n${kind}, ${onPostgres ? 'PostgreSQL' : 'embedded'}; ${IN_FLIGHT} page views in flight, ${SECONDS} s per run, ${USERS} signed-in users`,
  );
  console.log('page        calls  anon views/s  p99 ms  signed-in views/s  p99 ms  ratio  verdict (signed-in)');
  let anyMiss = false;
  for (const [name, { anonymous, signedIn }] of Object.entries(results)) {
    const missed = judged ? misses(name, anonymous, signedIn) : [];
    anyMiss ||= missed.length > 0;
    console.log(
      `${name.padEnd(11)} ${String(recorded[name].length).padStart(5)} ${anonymous.viewsPerSecond.toFixed(0).padStart(13)} ${anonymous.p99.toFixed(0).padStart(7)} ${signedIn.viewsPerSecond.toFixed(0).padStart(18)} ${signedIn.p99.toFixed(0).padStart(7)} ${(signedIn.viewsPerSecond / anonymous.viewsPerSecond).toFixed(2).padStart(6)}  ${!judged ? '(no target)' : missed.length ? `misses: ${missed.join(', ')}` : 'meets target'}`,
    );
  }
  console.log("\nCores the benchmark client itself used (of the machine's), anonymous | signed in:");
  for (const [name, { anonymous, signedIn }] of Object.entries(results)) {
    console.log(`  ${name}: ${anonymous.clientCores.toFixed(2)} | ${signedIn.clientCores.toFixed(2)}`);
  }
  console.log('\nAnswers per page (status×count), anonymous | signed in:');
  for (const [name, { anonymous, signedIn }] of Object.entries(results)) {
    console.log(`  ${name}: ${statusText(anonymous.statuses)} | ${statusText(signedIn.statuses)}`);
  }
  return anyMiss;
}

const server = await startServer({ env: { TRUST_PROXY: '127.0.0.1' }, dataDir: process.env.DATA_DIR });
try {
  const users = await signedInUsers(server.base, USERS);
  const allPages = { home: '/', games: '/games', 'game page': `/game-detail?id=${await firstGameId(server.base)}` };
  const pages = Object.fromEntries(Object.entries(allPages).filter(([name]) => !ONLY || ONLY.includes(name)));
  let anyMiss = false;
  for (const [kind, firstVisit] of [
    ['Opened in the app', false],
    ['First visits', true],
  ]) {
    const recorded = await recordPageViews(server.base, pages, users[0].cookie, { firstVisit });
    console.log(`${kind}: recorded calls per page view (signed in):`);
    for (const [name, calls] of Object.entries(recorded)) {
      console.log(
        `  ${name} (${pages[name]}): ${calls.map((c) => `${c.method} ${c.path}${c.stream ? ' [stream]' : ''}${c.document ? ' [page]' : ''}`).join(', ')}`,
      );
    }
    const results = {};
    for (const [name, calls] of Object.entries(recorded)) {
      const run = (viewerFor) => replay(server.base, calls, { inFlight: IN_FLIGHT, seconds: SECONDS, recordedBy: users[0].id, viewerFor });
      await run(() => users[0]); // warm-up: caches and connections, not measured
      results[name] = { anonymous: await run(() => ({})), signedIn: await run((i) => users[i % users.length]) };
    }
    anyMiss = printResults(kind, !firstVisit, recorded, results) || anyMiss;
  }
  if (anyMiss) process.exitCode = 1;
} finally {
  await server.stop();
}
