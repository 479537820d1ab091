import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const setupFiles = ['./src/test-support/fail-on-console-error.ts'];

export default defineConfig({
  test: {
    // Integration files wait on timers and sockets as much as they compute: one more file than
    // there are cores keeps the cores busy (on 2 cores: 120 s with two at a time, 96 s with three).
    maxWorkers: Math.max(3, availableParallelism() + 1),
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
