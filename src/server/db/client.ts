import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { DatabaseKind } from '../../shared/health';
import { runAfterCommits } from './after-commit';
import { DatabaseCircuit } from './circuit';
import type { Db } from './db';
import { EmbeddedConnection } from './embedded-connection';
import { CircuitPool } from './pooled-client';
import * as schema from './schema';
import { TYPO_SIMILARITY } from './typo-similarity';
import { WorkerPGlite, type EmbeddedInstance, type WorkerPGliteOptions } from './worker-pglite';

export type { Db };

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
  /** Open while the database is known to be out of reach: connections are refused at once (circuit.ts). */
  circuit: DatabaseCircuit;
}

export type Database = EmbeddedDatabase | PostgresDatabase;

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Where the embedded database keeps its files; absent = in memory (tests). */
  dataDir?: string | undefined;
  /** Start the embedded database from these files (a `dumpDataDir` tar) instead of empty. */
  loadDataDir?: Blob | Uint8Array | undefined;
  /** How the embedded database's instance is opened: by default in a new worker thread (tests lend instances from a pool). */
  openEmbeddedInstance?: (options: WorkerPGliteOptions) => Promise<EmbeddedInstance>;
  /** After the embedded database fails, how long to wait before reopening it. */
  reopenDelayMs?: number;
  logError?: (message: string, error: unknown) => void;
  /** Bounds on every wait for PostgreSQL (config `databaseTimeouts`); absent = none but the connect bound. */
  timeouts?: DatabaseTimeouts | undefined;
}

export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

/** How long past the statement timeout the client waits for an answer before it gives the connection up. */
const ANSWER_GRACE_MS = 1000;
const DEFAULT_CONNECT_MS = 3000;
/** While the database is known out of reach, how often one connection is tried anyway. */
const CIRCUIT_RETRY_MS = 1000;

export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export function createDatabase(options: DatabaseOptions): Database {
  return options.url ? connectPostgres(options.url, options) : openEmbedded(options);
}

/**
 * With `timeouts`, no wait is unbounded: connecting, a statement (cancelled by the server), a
 * transaction left idle (ended by the server) and, when the network drops the traffic so that
 * neither can say so, the answer itself (the client gives up and closes the connection).
 */
function poolConfig(url: string, timeouts: DatabaseTimeouts | undefined): pg.PoolConfig {
  const settings = [`pg_trgm.word_similarity_threshold=${TYPO_SIMILARITY}`];
  if (timeouts) {
    settings.push(`statement_timeout=${timeouts.statementMs}`, `idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`);
  }
  return {
    connectionString: url,
    max: 20,
    connectionTimeoutMillis: timeouts?.connectMs ?? DEFAULT_CONNECT_MS,
    options: settings.map((setting) => `-c ${setting}`).join(' '),
    ...(timeouts && {
      query_timeout: timeouts.statementMs + ANSWER_GRACE_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    }),
  };
}

function connectPostgres(url: string, options: DatabaseOptions): PostgresDatabase {
  const circuit = new DatabaseCircuit(CIRCUIT_RETRY_MS);
  const pool = new CircuitPool(poolConfig(url, options.timeouts), circuit);
  const logLost = (error: Error) => options.logError?.('PostgreSQL connection lost', error);
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on('error', logLost);
  // The pool listens for errors only on idle connections: one lost while a transaction holds it
  // would otherwise be an uncaught exception. Its queries fail (503) and the pool drops it.
  pool.on('connect', (client) => client.on('error', logLost));
  return {
    kind: 'postgres',
    pool,
    circuit,
    db: runAfterCommits(drizzlePostgres({ client: pool, schema }) as unknown as Db, (error) =>
      options.logError?.('Work after a commit failed', error),
    ),
    close: () => pool.end(),
  };
}

function openEmbedded(options: DatabaseOptions): EmbeddedDatabase {
  const dataDir = options.dataDir;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // The files to start from are loaded once: a reopened database goes on from its own files.
  let loadDataDir = options.loadDataDir;
  const connection = new EmbeddedConnection(async () => {
    // In a worker thread: a long statement must not hold up requests that need no database.
    const open = options.openEmbeddedInstance ?? ((settings) => WorkerPGlite.create(settings));
    const instance = await open({
      dataDir,
      loadDataDir,
      setup: `set pg_trgm.word_similarity_threshold = ${TYPO_SIMILARITY}`,
    });
    loadDataDir = undefined;
    return instance;
  }, options.reopenDelayMs ?? 1000);
  return {
    kind: 'pglite',
    connection,
    db: runAfterCommits(drizzlePglite({ client: connection.client(), schema }) as unknown as Db, (error) =>
      options.logError?.('Work after a commit failed', error),
    ),
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
