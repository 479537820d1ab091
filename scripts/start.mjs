// `npm start`: build when the build is missing or older than the sources, then serve.
// The server itself applies migrations and seeds before it listens.
import { spawnSync } from 'node:child_process';
import { staleBuildReason } from './build-freshness.mjs';

const reason = staleBuildReason();
if (reason) {
  console.log(`Building GameSource (${reason})...`);
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../dist/server/main.js');
