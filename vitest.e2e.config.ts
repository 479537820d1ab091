import { defineConfig } from 'vitest/config';

// Browser tests: the built app in Debian's Chromium, one file at a time (2-core machines).
export default defineConfig({
  test: {
    name: 'browser',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
