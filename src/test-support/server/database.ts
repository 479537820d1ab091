import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database, type DatabaseTimeouts } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { prepareDatabase } from '../../server/db/prepare';
import type { WorkerPGliteOptions } from '../../server/db/worker-pglite';
import { lendEmbeddedInstance, readTemplate } from './embedded-pool';

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

export type TestDatabaseContents = 'seeded' | 'migrated';

export interface TestDatabaseOptions {
  /** Keep the embedded database in files (needed to reopen it); default in memory. */
  onDisk?: boolean;
  reopenDelayMs?: number;
  /** Reach PostgreSQL through this URL instead (a proxy in front of the test database). */
  viaUrl?: (url: string) => string;
  /** What the database holds at first: migrated and seeded (default), or only migrated. */
  contents?: TestDatabaseContents;
  /** PostgreSQL only: the app's bounds on every wait (config `databaseTimeouts`); default none. */
  timeouts?: DatabaseTimeouts;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
}

/** Runs the statements one by one on one connection: `create database` cannot share a transaction. */
async function adminQuery(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

const uniqueName = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;

/** Where one template database of this run is: the embedded one's files as a tar, or a PostgreSQL database's name. */
export interface TemplateCopy {
  embeddedDump?: string;
  postgresName?: string;
}

/**
 * The run's templates, made once by the integration project's global setup and copied by every
 * test file instead of migrating (and seeding) a database of its own.
 */
export type DatabaseTemplates = Record<TestDatabaseContents, TemplateCopy>;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates | undefined;
  }
}

async function postgresTemplates(): Promise<{ templates: DatabaseTemplates; destroy(): Promise<void> }> {
  const names = { migrated: uniqueName('gs_template'), seeded: uniqueName('gs_template') };
  const open = (name: string) => createDatabase({ url: withDatabaseName(testDatabaseUrl!, name) });
  await adminQuery(`create database ${names.migrated}`);
  const migrated = open(names.migrated);
  await runMigrations(migrated).finally(() => migrated.close());
  await adminQuery(`create database ${names.seeded} template ${names.migrated}`);
  const seeded = open(names.seeded);
  await prepareDatabase(seeded).finally(() => seeded.close());
  return {
    templates: { migrated: { postgresName: names.migrated }, seeded: { postgresName: names.seeded } },
    destroy: async () => {
      await adminQuery(...Object.values(names).map((name) => `drop database if exists ${name} with (force)`));
    },
  };
}

async function embeddedTemplates(): Promise<{ templates: DatabaseTemplates; destroy(): Promise<void> }> {
  const database = createDatabase({});
  if (database.kind !== 'pglite') throw new Error('Expected the embedded database');
  const files: string[] = [];
  const saveDump = async (): Promise<TemplateCopy> => {
    const instance = await database.connection.instanceNow();
    // Written out now, each copy starts without replaying the migrations' log (a quarter of its start).
    await instance.exec('checkpoint');
    const dump = await instance.dumpDataDir('none');
    const embeddedDump = path.join(os.tmpdir(), `${uniqueName('gs-template')}.tar`);
    await writeFile(embeddedDump, Buffer.from(await dump.arrayBuffer()));
    files.push(embeddedDump);
    return { embeddedDump };
  };
  try {
    await runMigrations(database);
    const migrated = await saveDump();
    await prepareDatabase(database);
    const seeded = await saveDump();
    return {
      templates: { migrated, seeded },
      destroy: () => Promise.all(files.map((file) => rm(file, { force: true }))).then(() => undefined),
    };
  } finally {
    await database.close();
  }
}

/** Makes the templates: one migration and one seed for the whole run. */
export function createDatabaseTemplates(): Promise<{ templates: DatabaseTemplates; destroy(): Promise<void> }> {
  return testDatabaseUrl ? postgresTemplates() : embeddedTemplates();
}

/** The run's template with these contents, when this is a test that the integration project's setup prepared. */
function runTemplate(contents: TestDatabaseContents): TemplateCopy | undefined {
  try {
    return inject('databaseTemplates')?.[contents];
  } catch {
    return undefined;
  }
}

async function createPostgresTestDatabase(options: TestDatabaseOptions, template?: string): Promise<TestDatabase> {
  const name = uniqueName('gs_test');
  // A test database need not survive a crash: its commits answer without waiting for the log to
  // reach the disk (what is committed is seen alike), which took the suite on PostgreSQL from
  // 199-202 s to 177-185 s here.
  await adminQuery(
    `create database ${name}${template ? ` template ${template}` : ''}`,
    `alter database ${name} set synchronous_commit = off`,
  );
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
  const fromTemplate =
    dump && !dataDir
      ? { openEmbeddedInstance: (settings: WorkerPGliteOptions) => lendEmbeddedInstance(dump, settings) }
      : { loadDataDir: dump ? await readTemplate(dump) : undefined };
  const database = createDatabase({ dataDir, ...fromTemplate, reopenDelayMs: options.reopenDelayMs });
  return {
    database,
    location: { dataDir },
    destroy: async () => {
      await database.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database for one test file: migrated and seeded unless `contents` says only migrated. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const contents = options.contents ?? 'seeded';
  const template = runTemplate(contents);
  const test = testDatabaseUrl
    ? await createPostgresTestDatabase(options, template?.postgresName)
    : await createEmbeddedTestDatabase(options, template?.embeddedDump);
  const copied = testDatabaseUrl ? template?.postgresName : template?.embeddedDump;
  if (!copied) await (contents === 'seeded' ? prepareDatabase(test.database) : runMigrations(test.database));
  return test;
}
