import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp, type AppOptions } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import type { JobTiming } from '../../server/jobs/periodic-jobs';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './database';
import { fastPasswordHashing } from './fast-password-hashing';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export const TEST_BASE_URL = 'http://gamesource.test';
/** The outbox token of every test app, so that test helpers can read the outbox (a real server makes one at each start). */
export const TEST_OUTBOX_TOKEN = 'test-outbox-token-that-is-long-enough-000';

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    BASE_URL: TEST_BASE_URL,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    // Tests read their own writes at once; the short-lived list cache is tested on its own.
    HOME_CACHE_MS: '0',
    VISITOR_PAGE_CACHE_MS: '0',
    // Likewise for who is signed in: tests change roles in the database directly. The session
    // cache is tested with its real lifetime in ended-sessions-end-everywhere.
    SESSION_CACHE_MS: '0',
    // Each app's render thread would load the renderer again; render-threads.int.test.ts starts them.
    RENDER_THREADS: '0',
    // Tests check what a page shows, not how soon, on machines busy with other test files; the
    // budget has a test of its own (server-render.int.test.ts).
    RENDER_BUDGET_MS: '15000',
    OUTBOX_TOKEN: TEST_OUTBOX_TOKEN,
    ...overrides,
  });
}

/** `buildApp` as tests use it: passwords hashed at the tests' cost, so every app on one test database verifies them alike. */
export const buildTestApp = (options: AppOptions) => buildApp({ passwordHashing: fastPasswordHashing, ...options });

/** The real app on a real, migrated and seeded database, for `app.inject`. */
export async function createTestApp(
  options: TestDatabaseOptions & { webDist?: string; env?: NodeJS.ProcessEnv; jobTiming?: JobTiming; logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase(options);
  const config = testConfig(options.env);
  const app = await buildTestApp({
    config,
    database: testDatabase.database,
    webDist: options.webDist,
    jobTiming: options.jobTiming,
    logStream: options.logStream,
  });
  return {
    ...testDatabase,
    app,
    config,
    close: async () => {
      await app.close();
      await testDatabase.destroy();
    },
  };
}
