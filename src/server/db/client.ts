import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DatabaseKind } from '../../shared/health';
import { EmbeddedConnection } from './embedded-connection';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

interface DatabaseBase {
  kind: DatabaseKind;
  db: Db;
  close(): Promise<void>;
}

export interface EmbeddedDatabase extends DatabaseBase {
  kind: 'pglite';
  connection: EmbeddedConnection;
}

export interface PostgresDatabase extends DatabaseBase {
  kind: 'postgres';
  pool: pg.Pool;
}

export type Database = EmbeddedDatabase | PostgresDatabase;

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Where the embedded database keeps its files; absent = in memory (tests). */
  dataDir?: string | undefined;
  /** Start the embedded database from these files (a `dumpDataDir` tar) instead of empty. */
  loadDataDir?: Blob | undefined;
  /** After the embedded database fails, how long to wait before reopening it. */
  reopenDelayMs?: number;
  logError?: (message: string, error: unknown) => void;
}

/**
 * How alike a search must be to a title's words to find it despite a typo (pg_trgm word
 * similarity). Set per connection so `text <% title` (which the trigram index serves) applies it.
 */
export const TYPO_SIMILARITY = 0.4;

export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export function createDatabase(options: DatabaseOptions): Database {
  return options.url ? connectPostgres(options.url, options) : openEmbedded(options);
}

function connectPostgres(url: string, options: DatabaseOptions): PostgresDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    connectionTimeoutMillis: 3000,
    options: `-c pg_trgm.word_similarity_threshold=${TYPO_SIMILARITY}`,
  });
  const logLost = (error: Error) => options.logError?.('PostgreSQL connection lost', error);
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', logLost);
  // The pool listens for errors only on idle connections: one lost while a transaction holds it
  // would otherwise be an uncaught exception. Its queries fail (503) and the pool drops it.
  pool.on('connect', (client) => client.on('error', logLost));
  return {
    kind: 'postgres',
    pool,
    db: drizzlePostgres({ client: pool, schema }) as unknown as Db,
    close: () => pool.end(),
  };
}

function openEmbedded(options: DatabaseOptions): EmbeddedDatabase {
  const dataDir = options.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The files to start from are loaded once: a reopened database goes on from its own files.
  let loadDataDir = options.loadDataDir;
  const connection = new EmbeddedConnection(
    async () => {
      const instance = await PGlite.create({
        ...(dataDir ? { dataDir } : {}),
        ...(loadDataDir ? { loadDataDir } : {}),
        extensions: { pg_trgm },
      });
      loadDataDir = undefined;
      await instance.exec(`set pg_trgm.word_similarity_threshold = ${TYPO_SIMILARITY}`);
      return instance;
    },
    options.reopenDelayMs ?? 1000,
  );
  return {
    kind: 'pglite',
    connection,
    db: drizzlePglite({ client: connection.client(), schema }) as unknown as Db,
    close: () => connection.close(),
  };
}

/** Round-trip time of a trivial query, in milliseconds. */
export async function pingDatabase(database: Database): Promise<number> {
  const started = performance.now();
  await database.db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}

/** Rows of a raw query; both drivers answer with `{ rows }`. */
export async function selectRows<Row>(database: Database, query: SQL): Promise<Row[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
