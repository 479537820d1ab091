// Everything a change must pass before it is pushed, as fast as the machine allows: lint and
// typecheck side by side, then the unit and integration tests (which spread over the cores).
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('close', (code) => resolve({ script, code, seconds: ((performance.now() - started) / 1000).toFixed(1) }));
  });

const checks = await Promise.all([run('lint'), run('typecheck')]);
const results = checks.some((check) => check.code !== 0) ? checks : [...checks, await run('test')];
for (const { script, code, seconds } of results) console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${script} (${seconds} s)`);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
