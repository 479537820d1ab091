import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database, type DatabaseTimeouts } from '../../server/db/client';
import { prepareDatabase } from '../../server/db/prepare';

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
  /** PostgreSQL only: the app's bounds on every wait (config `databaseTimeouts`); default none. */
  timeouts?: DatabaseTimeouts;
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

const uniqueName = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

/**
 * Where the migrated, seeded template of this run is: made once by the integration project's
 * global setup, copied by every test file instead of migrating and seeding a database of its own.
 */
export interface DatabaseTemplate {
  /** The embedded database's files as a tar, or the PostgreSQL template database's name. */
  embeddedDump?: string;
  postgresName?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate | undefined;
  }
}

/** Makes the template: one migration and seed for the whole run. */
export async function createDatabaseTemplate(): Promise<{ template: DatabaseTemplate; destroy(): Promise<void> }> {
  if (testDatabaseUrl) {
    const postgresName = uniqueName('gs_template');
    await adminQuery(`create database ${postgresName}`);
    const database = createDatabase({ url: withDatabaseName(testDatabaseUrl, postgresName) });
    await prepareDatabase(database).finally(() => database.close());
    return {
      template: { postgresName },
      destroy: () => adminQuery(`drop database if exists ${postgresName} with (force)`),
    };
  }
  const database = createDatabase({});
  if (database.kind !== 'pglite') throw new Error('Expected the embedded database');
  await prepareDatabase(database);
  const dump = await (await database.connection.instanceNow()).dumpDataDir('none');
  await database.close();
  const embeddedDump = path.join(os.tmpdir(), `${uniqueName('gs-template')}.tar`);
  await writeFile(embeddedDump, Buffer.from(await dump.arrayBuffer()));
  return { template: { embeddedDump }, destroy: () => rm(embeddedDump, { force: true }) };
}

/** The run's template, when this is a test that the integration project's setup prepared. */
function runTemplate(options: TestDatabaseOptions): DatabaseTemplate | undefined {
  if (options.migrate === false) return undefined;
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined;
  }
}

async function createPostgresTestDatabase(options: TestDatabaseOptions, template?: string): Promise<TestDatabase> {
  const name = uniqueName('gs_test');
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = withDatabaseName(testDatabaseUrl!, name);
  const database = createDatabase({ url: options.viaUrl ? options.viaUrl(url) : url, timeouts: options.timeouts });
  return {
    database,
    location: { url },
    destroy: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function createEmbeddedTestDatabase(options: TestDatabaseOptions, dump?: string): Promise<TestDatabase> {
  const dataDir = options.onDisk ? await mkdtemp(path.join(os.tmpdir(), 'gs-test-')) : undefined;
  const loadDataDir = dump ? new Blob([await readFile(dump)]) : undefined;
  const database = createDatabase({ dataDir, loadDataDir, reopenDelayMs: options.reopenDelayMs });
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
  const template = runTemplate(options);
  const test = testDatabaseUrl
    ? await createPostgresTestDatabase(options, template?.postgresName)
    : await createEmbeddedTestDatabase(options, template?.embeddedDump);
  const copied = testDatabaseUrl ? template?.postgresName : template?.embeddedDump;
  if (options.migrate !== false && !copied) await prepareDatabase(test.database);
  return test;
}
