import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the build reads, and what it writes. */
export const buildInputs = ['src', 'vite.config.ts', 'package.json', 'package-lock.json'];
export const buildOutputs = [
  'dist/web/index.html',
  'dist/web-ssr/render-on-server.js',
  'dist/server/main.js',
  'dist/server/pglite-worker.mjs',
];

function newestModified(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestModified(path.join(entry, name))), 0);
}

/** Why the build must run again, or undefined when it is up to date. */
export function staleBuildReason(root = process.cwd()) {
  const missing = buildOutputs.find((output) => !existsSync(path.join(root, output)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...buildOutputs.map((output) => statSync(path.join(root, output)).mtimeMs));
  const changed = buildInputs.find((input) => newestModified(path.join(root, input)) > built);
  return changed ? `${changed} changed since the last build` : undefined;
}
