// A bare Fastify server that sends one captured document from memory for every path: what
// sending the bytes costs, without rendering them (bench/first-visits.mjs). It runs in a child
// process of its own, as the real server does.
import { fork } from 'node:child_process';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server.mjs';

const CHILD = fileURLToPath(new URL('./twin-child.mjs', import.meta.url));

/** Starts the twin with `document` ({ body: base64, encoding, type }); answers { base, stop }. */
export async function startTwin(document) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'gs-twin-'));
  const file = path.join(folder, 'document.json');
  await writeFile(file, JSON.stringify(document));
  const port = await freePort();
  const child = fork(CHILD, [file, String(port)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`The twin server exited (${code})`)));
  });
  const stop = async () => {
    const exit = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exit;
    await rm(folder, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, stop };
}
