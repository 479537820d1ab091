// The built server on a free loopback port, for the benchmarks that drive it over HTTP.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The outbox token of the servers the benchmarks start (a server makes one at each start otherwise). */
export const BENCH_OUTBOX_TOKEN = process.env.OUTBOX_TOKEN ?? 'bench-outbox-token-that-is-long-enough-00';

/** The newest message to `to` in the outbox of the server at `base`, or undefined. */
export async function latestOutboxMessage(base, to) {
  const response = await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`, {
    headers: { authorization: `Bearer ${BENCH_OUTBOX_TOKEN}` },
  });
  if (!response.ok) throw new Error(`The outbox answered ${response.status}: ${await response.text()}`);
  return (await response.json()).items[0];
}

/** The server the benchmarks start: `dist/server/main.js`, or the build SERVER_ENTRY names. */
export const serverEntry = path.resolve(process.env.SERVER_ENTRY ?? 'dist/server/main.js');

/** The project folder a build belongs to (`<project>/dist/server/main.js`). */
export const projectOf = (entry) => path.dirname(path.dirname(path.dirname(entry)));

const exited = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Starts the server on a free port. Without DATABASE_URL its embedded database goes to
 * `dataDir`, or to a fresh folder of its own (removed by `stop`); `configuredDatabase` keeps the
 * caller's DATA_DIR instead (default ./data, where `npm run bench:dataset` adds its games).
 * Extra `env` is passed through; `nodeArgs` go before the entry; `ipc` opens a channel to `child`.
 * Resolves once the catalogue is in memory, with how long reading it took after the server
 * first answered (`catalogueReadMs`).
 */
export async function startServer({ env = {}, dataDir, configuredDatabase = false, nodeArgs = [], cwd, ipc = false } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ownDataDir = dataDir || configuredDatabase ? undefined : await mkdtemp(path.join(os.tmpdir(), 'gs-bench-'));
  const dataDirEnv = configuredDatabase ? {} : { DATA_DIR: dataDir ?? ownDataDir };
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    cwd,
    env: {
      ...process.env,
      PUBLIC_READS_PER_MINUTE_PER_ADDRESS: '100000000',
      PUBLIC_READS_PER_MINUTE_PER_MEMBER: '100000000',
      LIVE_STREAMS_PER_ADDRESS: '100000',
      PORT: String(port),
      GAMES_PORT: '0',
      BASE_URL: base,
      ...dataDirEnv,
      LOG_LEVEL: 'warn',
      OUTBOX_TOKEN: BENCH_OUTBOX_TOKEN,
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit', ...(ipc ? ['ipc'] : [])],
  });
  const stop = async () => {
    if (!exited(child)) {
      const exit = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exit;
    }
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 1200 && !exited(child); i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return { base, child, stop, catalogueReadMs: await catalogueReadTime(base) };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('The server did not start');
}

/** The server reads the catalogue into memory as it starts: the first list waits for that. */
async function catalogueReadTime(base) {
  const started = performance.now();
  await fetch(`${base}/api/games?pageSize=1`);
  return Math.round(performance.now() - started);
}

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookieHeader(response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** A session cookie for the demo account (the server's own demo sign-in). */
export async function demoSessionCookie(base) {
  const response = await fetch(`${base}/api/demo/sign-in`, { method: 'POST', headers: { origin: base } });
  if (!response.ok) throw new Error(`Demo sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response);
}

/** The id of a published game to open a game page on. */
export async function firstGameId(base) {
  const { items } = await fetch(`${base}/api/games?pageSize=1`).then((r) => r.json());
  if (!items?.length) throw new Error('The catalogue has no games');
  return items[0].id;
}

/**
 * Ids of real games from all over the catalogue: `pages` pages of 100 by title, every tenth page
 * (up to 10,000 games). Ids have gaps, so a made-up one may be a 404.
 */
export async function sampleGameIds(base, { pages = 100 } = {}) {
  const ids = [];
  for (let n = 0; n < pages; n++) {
    const { items } = await fetch(`${base}/api/games?sort=title&pageSize=100&page=${1 + 10 * n}`).then((r) => r.json());
    if (items.length === 0) break;
    ids.push(...items.map((game) => game.id));
  }
  return ids;
}
