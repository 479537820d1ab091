// Adds up the Vitest JSON reports of a CI run into one closing line, after where each suite's
// time went: how long it waited before its first file ran (its setup), how many files ran at a
// time, and its slowest files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = process.argv[2] ?? '.ci-results';
const SLOWEST = 8;

const seconds = (ms) => (ms / 1000).toFixed(1);
const took = (file) => file.endTime - file.startTime;

/** Where one suite's time went, from its report's file start and end times. */
function timeSpent(report) {
  const files = report.testResults.filter((file) => file.endTime > file.startTime);
  if (files.length === 0) return [];
  const firstStart = Math.min(...files.map((file) => file.startTime));
  const lastEnd = Math.max(...files.map((file) => file.endTime));
  const fileTime = files.reduce((sum, file) => sum + took(file), 0);
  const slowest = [...files].sort((a, b) => took(b) - took(a)).slice(0, SLOWEST);
  return [
    `  ${seconds(firstStart - report.startTime)} s before its first file, then ${seconds(lastEnd - firstStart)} s with ` +
      `${(fileTime / (lastEnd - firstStart)).toFixed(1)} files at a time on average; slowest files:`,
    ...slowest.map((file) => `    ${seconds(took(file)).padStart(5)} s  ${path.relative(process.cwd(), file.name)}`),
  ];
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  console.log(`${file.replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  for (const line of timeSpent(report)) console.log(line);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
