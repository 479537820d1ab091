// Bundles the server into one ES module; packages stay in node_modules. The embedded
// database's worker thread is a file of its own, found next to the bundle.
import { copyFile } from 'node:fs/promises';
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

await copyFile('src/server/db/pglite-worker.mjs', 'dist/server/pglite-worker.mjs');
