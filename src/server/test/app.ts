import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './database';

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export const TEST_BASE_URL = 'http://gamesource.test';

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    BASE_URL: TEST_BASE_URL,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    // Tests read their own writes at once; the short-lived list cache is tested on its own.
    CATALOGUE_CACHE_MS: '0',
    ...overrides,
  });
}

/** The real app on a real, migrated and seeded database, for `app.inject`. */
export async function createTestApp(
  options: TestDatabaseOptions & { webDist?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<TestApp> {
  const testDatabase = await createTestDatabase(options);
  const config = testConfig(options.env);
  const app = await buildApp({ config, database: testDatabase.database, webDist: options.webDist });
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
