// Prints how long `npm start` takes to answer its first 200 on an existing build (with a
// new data folder, and again with that folder already migrated and seeded), and the gzip
// size of the JavaScript that runs before the app first paints, and before each screen the server
// renders answers. Fails when the first paint is over budget, or when any of them takes Zod or the
// Markdown renderer in.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort } from './support/server.mjs';

const FIRST_PAINT_JS_BUDGET_KB = 150;
const webDist = 'dist/web';

/** Vite's manifest key of the app chunk the entry imports at once (src/web/main.tsx). */
const APP_CHUNK = 'app/start.tsx';
/**
 * Chunks of their own (vite.config.ts) that a rendered page must not wait for: Zod (API answers and
 * forms load it when they first need it) and the Markdown renderer (the server sends text as HTML).
 */
const HELD_OUT = { Zod: /^_zod-/, 'The Markdown renderer': /^_markdown-/ };

/** The screens the server renders (decision 0048): painted before their code, which then hydrates them. */
const RENDERED_SCREENS = {
  home: 'screens/home/home-screen.tsx',
  '/games': 'screens/games/games-screen.tsx',
  'game page': 'screens/game-detail/game-detail-screen.tsx',
};

/** The JavaScript chunks `roots` name, with every chunk they import statically (the server preloads them all; decision 0028). */
function chunksOf(roots) {
  // Read when asked: `npm start` above builds the app again.
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8'));
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    manifest[key].imports?.forEach(visit);
  };
  roots.forEach(visit);
  return [...keys].map((key) => ({ key, file: manifest[key].file })).filter(({ file }) => file.endsWith('.js'));
}

const gzipKb = (chunks) =>
  chunks.reduce((sum, { file }) => sum + gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length, 0) / 1024;

async function timeToFirst200(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      PUBLIC_READS_PER_MINUTE_PER_ADDRESS: '100000000',
      PORT: String(port),
      GAMES_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (performance.now() - started > 60_000) throw new Error('no 200 within 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.status === 200,
        () => false,
      );
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

// The JavaScript that runs before the app paints: the scripts index.html names, and the app chunk.
const firstPaint = chunksOf(['index.html', APP_CHUNK]);
const kb = gzipKb(firstPaint);
console.log(
  `JavaScript before the app's first paint: ${kb.toFixed(1)} KB gzip in ${firstPaint.length} file(s) (budget ${FIRST_PAINT_JS_BUDGET_KB} KB)`,
);
if (kb > FIRST_PAINT_JS_BUDGET_KB) {
  console.error('Over budget.');
  process.exitCode = 1;
}
// A rendered screen's code is evaluated before the page answers a tap: these there slow every phone's first page.
for (const [name, screen] of Object.entries({ 'the first paint': APP_CHUNK, ...RENDERED_SCREENS })) {
  const chunks = chunksOf(['index.html', APP_CHUNK, screen]);
  if (screen !== APP_CHUNK)
    console.log(`JavaScript until ${name} answers: ${gzipKb(chunks).toFixed(1)} KB gzip in ${chunks.length} file(s)`);
  for (const [library, chunkKey] of Object.entries(HELD_OUT)) {
    const held = chunks.find(({ key }) => chunkKey.test(key));
    if (held) {
      console.error(`${library} (${held.file}) is imported statically by ${name}: see docs/conventions.md, "Web".`);
      process.exitCode = 1;
    }
  }
}
