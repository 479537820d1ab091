// Writes src/test-support/test-durations.json from a CI run's Vitest reports (default
// .ci-results): how long each test file of 5 s or more took, so that the next run starts it
// early (LongestFirst in vitest.config.ts). Run it after `.ci/run` when files have come or gone.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const folder = process.argv[2] ?? '.ci-results';
const SLOW_SECONDS = 5;
const root = process.cwd();
const seconds = {};
// The embedded run stands for the integration files: `npm test` is the loop people wait on.
for (const report of ['embedded.json', 'browser.json']) {
  const { testResults } = JSON.parse(readFileSync(path.join(folder, report), 'utf8'));
  for (const file of testResults) {
    const took = Math.round((file.endTime - file.startTime) / 1000);
    if (took >= SLOW_SECONDS) seconds[path.relative(root, file.name)] = took;
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
writeFileSync('src/test-support/test-durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`Recorded ${Object.keys(sorted).length} test files of ${SLOW_SECONDS} s or more.`);
