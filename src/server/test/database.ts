import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../db/client';
import { prepareDatabase } from '../db/prepare';

/**
 * Integration tests run on the embedded database unless TEST_DATABASE_URL names a
 * PostgreSQL server; then every test file gets a database of its own, dropped afterwards.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export interface TestDatabase {
  database: Database;
  /** Where the same database can be reached again (a URL, or the embedded files). */
  location: { url?: string; dataDir?: string };
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Keep the embedded database in files (needed to reopen it); default in memory. */
  onDisk?: boolean;
  reopenDelayMs?: number;
  /** Reach PostgreSQL through this URL instead (a proxy in front of the test database). */
  viaUrl?: (url: string) => string;
  migrate?: boolean;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function createPostgresTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const name = `gs_test_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(`create database ${name}`);
  const url = withDatabaseName(testDatabaseUrl!, name);
  const database = createDatabase({ url: options.viaUrl ? options.viaUrl(url) : url });
  return {
    database,
    location: { url },
    destroy: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function createEmbeddedTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const dataDir = options.onDisk ? await mkdtemp(path.join(os.tmpdir(), 'gs-test-')) : undefined;
  const database = createDatabase({ dataDir, reopenDelayMs: options.reopenDelayMs });
  return {
    database,
    location: { dataDir },
    destroy: async () => {
      await database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated and seeded database for one test file. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const test = testDatabaseUrl
    ? await createPostgresTestDatabase(options)
    : await createEmbeddedTestDatabase(options);
  if (options.migrate !== false) await prepareDatabase(test.database);
  return test;
}
