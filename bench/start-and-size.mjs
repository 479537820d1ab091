// Prints how long `npm start` takes to answer its first 200 on an existing build (with a
// new data folder, and again with that folder already migrated and seeded), and the gzip
// size of the JavaScript that `/` loads before first paint. Fails when over budget.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from './support/server.mjs';

const FIRST_PAINT_JS_BUDGET_KB = 150;
const webDist = 'dist/web';

function firstPaintScripts(html) {
  const pattern = /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g;
  return [...html.matchAll(pattern)].map((match) => match[1]);
}

function firstPaintJsKb() {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const files = firstPaintScripts(html);
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length,
    0,
  );
  return { files, kb: bytes / 1024 };
}

async function timeToFirst200(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PUBLIC_READS_PER_MINUTE_PER_ADDRESS: '100000000', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('no 200 within 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.status === 200, () => false);
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-bench-'));
try {
  const fresh = await timeToFirst200(dataDir);
  const existing = await timeToFirst200(dataDir);
  console.log(`cold start to first 200, new data folder:      ${fresh.toFixed(0)} ms`);
  console.log(`cold start to first 200, existing data folder: ${existing.toFixed(0)} ms`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const { files, kb } = firstPaintJsKb();
console.log(`JavaScript before first paint of /: ${kb.toFixed(1)} KB gzip in ${files.length} file(s) (budget ${FIRST_PAINT_JS_BUDGET_KB} KB)`);
if (kb > FIRST_PAINT_JS_BUDGET_KB) {
  console.error('Over budget.');
  process.exit(1);
}
