import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The server did not become healthy within 60 s');
}

export interface ServerProcess {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The built server (`dist/server/main.js`) on a port with a data folder of its own. */
export async function startBuiltServer(
  options: { port?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const env = options.env ?? {};
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    // A browser suite reads pages far faster than a person; the read limit has tests of its own.
    env: { ...process.env, PORT: String(port), BASE_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_READS_PER_MINUTE_PER_ADDRESS: '1000000', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
