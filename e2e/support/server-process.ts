import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pristineDataDir } from './suite-servers';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new ServerExited(`The server exited with code ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The server did not become healthy within 60 s');
}

/** The outbox token of every server the browser tests start (a real server makes one at each start and prints it). */
export const E2E_OUTBOX_TOKEN = 'e2e-outbox-token-that-is-long-enough-0000';

export interface ServerProcess {
  baseUrl: string;
  /** What the server printed on standard output so far (also passed on to the test's). */
  output(): string;
  stop(): Promise<void>;
}

export interface BuiltServerOptions {
  port?: number;
  env?: NodeJS.ProcessEnv;
  dataDir?: string;
  /**
   * The data folder a server with an empty one starts as a copy of: by default the suite's
   * pristine one (global-setup.ts), migrated and seeded once, so that no server of the suite
   * makes and seeds a database again (about 5 s each, twice that on a busy machine); `null`
   * for an empty one.
   */
  startFrom?: string | null;
}

/**
 * The built server (`dist/server/main.js`) on a port with a data folder of its own; given a
 * `dataDir`, it uses that one and leaves it in place when it stops (the caller removes it).
 */
export async function startBuiltServer(options: BuiltServerOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'gs-e2e-')));
  const startFrom = options.startFrom === undefined ? pristineDataDir() : options.startFrom;
  if (startFrom && (await readdir(dataDir)).length === 0) await cp(startFrom, dataDir, { recursive: true });
  // A port freePort hands out is free only until someone takes it: another worker's server can
  // take it first, and this one then exits at once. It is started again on other ports.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await spawnServer({ ...options, dataDir, ownDataDir: !options.dataDir });
    } catch (error) {
      if (!(error instanceof ServerExited) || attempt === 3) throw error;
    }
  }
}

class ServerExited extends Error {}

async function spawnServer(options: {
  port?: number;
  env?: NodeJS.ProcessEnv;
  dataDir: string;
  ownDataDir: boolean;
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const { dataDir } = options;
  // PORT + 1 may be another worker's server: the games listener gets a free port of its own.
  const gamesPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    // A browser suite reads pages far faster than a person, and opens every tab from one address; the
    // read limit and the cap on live streams have tests of their own. Its servers share the cores
    // with a browser each (some slowed to a phone's CPU): a first screen may take them longer than
    // a server of its own would, and the suite is about what the page shows, not when (the budget
    // has a test of its own in server-render.int.test.ts).
    env: {
      ...process.env,
      PORT: String(port),
      GAMES_PORT: String(gamesPort),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_READS_PER_MINUTE_PER_ADDRESS: '1000000',
      PUBLIC_READS_PER_MINUTE_PER_MEMBER: '1000000',
      LIVE_STREAMS_PER_ADDRESS: '100000',
      RENDER_BUDGET_MS: '15000',
      OUTBOX_TOKEN: E2E_OUTBOX_TOKEN,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
  });
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      if (options.ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
