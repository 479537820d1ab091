// `npm run bench:first-visits`: whole HTML documents as a browser asks for them on a full page
// load (a new tab, a refresh, a link from elsewhere): `Accept: text/html`, compressed, with a
// member's session cookie or none. Home, /games, game pages with ids from all over the catalogue
// and the same pages opened by every member in turn, FIRST_VISITS_USERS (8) members made through
// the real sign-up (three favourite categories each, some favourites) and visitors without cookies,
// FIRST_VISITS_CONNECTIONS (16) at a time for BENCH_SECONDS (10) per run. Beside each run, a bare
// Fastify server (the twin) sends the same bytes from memory, so the ratio says what the rendering
// costs over sending. Prints requests/s, p99 and that ratio, then the server's resident memory
// (right after the runs, at its peak, and after FIRST_VISITS_REST_SECONDS (30) at rest). Runs on
// DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR (a fresh one with the sample games
// when unset); fill either with `npm run bench:dataset -- 100000` first.
// Targets (issue 34): PostgreSQL members >= 1,000/s on home and /games, >= 600/s on game pages,
// p99 < 100 ms, visitors' game pages >= 1,500/s; embedded members >= 400/s; memory < 450 MB at rest.
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { signedInUsers } from './pageviews/users.mjs';
import { sampleGameIds, startServer } from './support/server.mjs';
import { startTwin } from './support/twin-server.mjs';

const CONNECTIONS = Number(process.env.FIRST_VISITS_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.FIRST_VISITS_USERS ?? 8);
const onPostgres = Boolean(process.env.DATABASE_URL);

const DOCUMENT_HEADERS = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' };
const targets = onPostgres
  ? { member: { home: 1000, games: 1000, 'game page': 600 }, visitor: { 'game page': 1500 }, p99: 100 }
  : { member: { home: 400, games: 400, 'game page': 400 }, visitor: {}, p99: undefined };
const MEMORY_TARGET_MB = 450;
// Right after a run the heap still holds the renders' garbage: how much depends on when the
// collector last ran, not on what the server keeps. Resting lets it collect: the server collects
// once it has had no request for 15 s (src/server/http/idle-collection.ts).
const REST_SECONDS = Number(process.env.FIRST_VISITS_REST_SECONDS ?? 30);

const pick = (items, i) => items[i % items.length];

/** Favourites for each member, so their hearts are their own on every page. */
async function favourSome(base, users, gameIds) {
  for (const [index, user] of users.entries()) {
    for (let n = 0; n < 5; n++) {
      const id = pick(gameIds, index * 7 + n * 13);
      await fetch(`${base}/api/games/${id}/favourite`, { method: 'PUT', headers: { origin: base, cookie: user.cookie } });
    }
  }
}

/** Runs one page's requests from the `from`th on; answers how many it made beside the figures. */
async function run(base, nextPath, nextCookie, from = 0) {
  let n = from;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          const i = n++;
          const cookie = nextCookie(i);
          return { ...request, path: nextPath(i), headers: { ...DOCUMENT_HEADERS, ...(cookie ? { cookie } : {}) } };
        },
      },
    ],
  });
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts, made: n - from };
}

/** One document's compressed bytes and headers, as the server sends them, for the twin to send again. */
async function documentAsSent(base, path, cookie) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: { ...DOCUMENT_HEADERS, ...(cookie ? { cookie } : {}) } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          body: Buffer.concat(chunks).toString('base64'),
          encoding: response.headers['content-encoding'],
          type: response.headers['content-type'],
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The server's resident memory now (VmRSS) or at its highest so far (VmHWM), in MB. */
function residentMb(pid, field = 'VmRSS') {
  return readFile(`/proc/${pid}/status`, 'utf8').then(
    (text) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN) / 1024,
    () => NaN,
  );
}

const server = await startServer({ env: { TRUST_PROXY: '127.0.0.1' }, dataDir: process.env.DATA_DIR });
try {
  const gameIds = await sampleGameIds(server.base);
  const users = await signedInUsers(server.base, USERS);
  await favourSome(server.base, users, gameIds);
  const pages = {
    home: () => '/',
    games: () => '/games',
    // Each of the 10,000 games is opened by one member only (8 divides 10,000), and the measured
    // run opens games its warm-up did not: up to 10,000 loads in all, each is a new render.
    'game page': (i) => `/game-detail?id=${pick(gameIds, i * 7919)}`,
    // A link every member opens in turn, as after a newsletter: the page made for the first is the
    // others' too where nothing on it is theirs alone (decision 0081). Members only.
    'same game': (i) => `/game-detail?id=${pick(gameIds, Math.floor(i / USERS) * 7919)}`,
  };
  const viewers = { member: (i) => pick(users, i).cookie, visitor: () => undefined };
  const rows = [];
  for (const [name, nextPath] of Object.entries(pages)) {
    for (const [kind, nextCookie] of Object.entries(viewers)) {
      if (name === 'same game' && kind === 'visitor') continue;
      // The warm-up fills caches and opens connections, not measured; the measured run goes on
      // from where it stopped, so its game pages are ones the warm-up did not open.
      const warmUp = await run(server.base, nextPath, nextCookie);
      const measured = await run(server.base, nextPath, nextCookie, warmUp.made);
      const sample = await documentAsSent(server.base, nextPath(0), nextCookie(0));
      const twin = await startTwin(sample);
      try {
        rows.push({
          name,
          kind,
          measured,
          twin: await run(twin.base, nextPath, nextCookie),
          bytes: Buffer.from(sample.body, 'base64').length,
        });
      } finally {
        await twin.stop();
      }
    }
  }
  const justAfter = await residentMb(server.child.pid);
  const peak = await residentMb(server.child.pid, 'VmHWM');
  await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
  const memory = await residentMb(server.child.pid);
  console.log(
    `\nFull page loads, ${onPostgres ? 'PostgreSQL' : 'embedded'}; ${CONNECTIONS} connections, ${SECONDS} s per run, ${USERS} members, ${gameIds.length} game ids`,
  );
  console.log('page        who      requests/s  p99 ms  twin requests/s  ratio  bytes   verdict');
  let missed = false;
  for (const { name, kind, measured, twin, bytes } of rows) {
    const target = targets[kind][name];
    const misses = [
      target && measured.rps < target && `< ${target}/s`,
      targets.p99 && kind === 'member' && measured.p99 >= targets.p99 && `p99 >= ${targets.p99} ms`,
      measured.failed > 0 && `${measured.failed} failed`,
    ].filter(Boolean);
    missed ||= misses.length > 0;
    const verdict = target || measured.failed ? (misses.length ? `misses: ${misses.join(', ')}` : 'meets target') : '(no target)';
    console.log(
      `${name.padEnd(11)} ${kind.padEnd(8)} ${measured.rps.toFixed(0).padStart(10)} ${String(measured.p99).padStart(7)} ${twin.rps.toFixed(0).padStart(16)} ${(measured.rps / twin.rps).toFixed(2).padStart(6)} ${String(bytes).padStart(6)}   ${verdict}`,
    );
  }
  console.log(
    `\nServer resident memory: ${justAfter.toFixed(0)} MB right after the runs, ${peak.toFixed(0)} MB at its peak, ` +
      `${memory.toFixed(0)} MB after ${REST_SECONDS} s at rest (target < ${MEMORY_TARGET_MB} MB at rest)`,
  );
  if (missed || memory >= MEMORY_TARGET_MB) process.exitCode = 1;
} finally {
  await server.stop();
}
