// Bundles the server, and the packages it uses, into ES modules in dist/server. Resolving and
// reading some 1,650 files of node_modules one by one took about 0.6 s of every start.
// Packages that find files of their own at run time (native addons, WebAssembly, worker
// scripts, their package.json) stay in node_modules. Imports made on first use (the password
// dictionaries) become chunks of their own, loaded only then. The embedded database's worker
// thread is a file of its own, found next to the bundle.
import { copyFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const LOADED_FROM_NODE_MODULES = [
  '@electric-sql/pglite', // WebAssembly and data files beside its code; runs in its own thread
  'sharp', // a native addon
  'pg-native', // pg's optional native driver
  'pino', // its transports run its own files in worker threads
  'thread-stream',
  'pino-pretty',
  '@fastify/swagger', // reads its own package.json
];

await rm('dist/server', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: LOADED_FROM_NODE_MODULES,
  // A package's ES module build where it has one: a chunk imported on first use exports only a default when it holds CommonJS.
  mainFields: ['module', 'main'],
  // CommonJS packages in the bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});

await copyFile('src/server/db/pglite-worker.mjs', 'dist/server/pglite-worker.mjs');
