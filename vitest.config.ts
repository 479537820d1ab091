import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const setupFiles = ['./src/test-support/fail-on-console-error.ts'];

/** Seconds each slow test file took in CI: `node scripts/record-test-durations.mjs` writes them again from a run's reports. */
const recordedSeconds: Record<string, number> = JSON.parse(readFileSync('src/test-support/test-durations.json', 'utf8'));

/**
 * Starts test files longest first, so that no long file starts last and runs alone at the end.
 * Vitest orders files by the durations in its own cache, which a clean clone (CI) does not have:
 * it then starts the largest first, and the slowest are often small (one test over every route,
 * a script run as an operator runs it). Files with no record keep Vitest's order, after the rest.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const secondsOf = (file: TestSpecification) => recordedSeconds[path.relative(this.ctx.config.root, file.moduleId)] ?? 0;
    return (await super.sort(files)).sort((a, b) => secondsOf(b) - secondsOf(a));
  }
}

export default defineConfig({
  test: {
    // Integration files wait on timers and sockets as much as they compute: one more file than
    // there are cores keeps the cores busy (on 2 cores: 120 s with two at a time, 96 s with three).
    maxWorkers: Math.max(3, availableParallelism() + 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts', 'src/**/*.timing.test.ts'],
          setupFiles,
          // Unit tests keep no state between files: sharing one module graph halves the run.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts'],
          // Every file makes its own database and app, so files can share the module graph
          // (the server is imported once per worker, not once per file).
          isolate: false,
          globalSetup: ['./src/test-support/ensure-web-build.ts', './src/test-support/database-template.ts'],
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'timing',
          include: ['src/**/*.timing.test.ts'],
          globalSetup: ['./src/test-support/ensure-web-build.ts', './src/test-support/database-template.ts'],
          setupFiles,
          // Timings are compared within one file: nothing else of this run may share the cores.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
