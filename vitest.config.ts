import { defineConfig } from 'vitest/config';

const setupFiles = ['./src/test-support/fail-on-console-error.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          setupFiles,
          // Unit tests keep no state between files: sharing one module graph halves the run.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts'],
          globalSetup: ['./src/test-support/ensure-web-build.ts', './src/test-support/database-template.ts'],
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
