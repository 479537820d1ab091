import { defineConfig } from 'vitest/config';
import { BROWSER_TEST_WORKERS } from './e2e/support/suite-servers';
import { LongestFirst } from './vitest.config';

// Browser tests: the built app in Debian's Chromium, BROWSER_TEST_WORKERS files at a time, each
// worker with a server of its own (e2e/support/global-setup.ts).
export default defineConfig({
  test: {
    name: 'browser',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    maxWorkers: BROWSER_TEST_WORKERS,
    sequence: { sequencer: LongestFirst },
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Each file launches its own Chromium and registers its own hooks (useBrowser): files of one
    // worker can share the modules they import, loaded once (268 s instead of 285 on 2 cores).
    isolate: false,
    // What a page shows after a click can take seconds on a loaded CI machine running browsers
    // side by side; waiting longer costs a passing test nothing.
    expect: { poll: { timeout: 10_000 } },
  },
});
