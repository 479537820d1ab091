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

/**
 * Starts `dist/server/main.js` (or SERVER_ENTRY). Without DATABASE_URL it gets a fresh data
 * folder of its own unless `dataDir` is given. Extra `env` is passed through.
 */
export async function startServer({ env = {}, dataDir } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ownDataDir = dataDir ? undefined : await mkdtemp(path.join(os.tmpdir(), 'gs-bench-'));
  const child = spawn(process.execPath, [process.env.SERVER_ENTRY ?? 'dist/server/main.js'], {
    env: { ...process.env, PUBLIC_READS_PER_MINUTE_PER_ADDRESS: '100000000', PORT: String(port), BASE_URL: base, DATA_DIR: dataDir ?? ownDataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) break;
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) {
      // The server reads the catalogue into memory as it starts: wait until that is done.
      await fetch(`${base}/api/games?pageSize=1`);
      return { base, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('The server did not start');
}

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookieHeader(response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
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
