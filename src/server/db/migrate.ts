import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { projectPaths } from '../paths';
import { selectRows, type Database } from './client';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export interface MigrationStatus {
  applied: string[];
  pending: string[];
  /** Tag of the newest applied migration, or 'none'. */
  schemaVersion: string;
}

function readJournal(): JournalEntry[] {
  const file = path.join(projectPaths.migrations, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] }).entries;
}

/** The tag of the newest migration in the repository, e.g. `0001_accounts`. */
export function newestMigrationTag(): string {
  const newest = readJournal().at(-1);
  if (!newest) throw new Error('No migrations found');
  return newest.tag;
}

export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: projectPaths.migrations };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
  } else {
    await migratePostgres(database.db as unknown as NodePgDatabase, config);
  }
}

export async function migrationStatus(database: Database): Promise<MigrationStatus> {
  const journal = readJournal();
  const appliedAt = await appliedMigrationTimes(database);
  const applied = journal.filter((entry) => appliedAt.has(entry.when)).map((entry) => entry.tag);
  const pending = journal.filter((entry) => !appliedAt.has(entry.when)).map((entry) => entry.tag);
  return { applied, pending, schemaVersion: applied.at(-1) ?? 'none' };
}

async function appliedMigrationTimes(database: Database): Promise<Set<number>> {
  const [table] = await selectRows<{ found: boolean }>(
    database,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!table?.found) return new Set();
  const rows = await selectRows<{ created_at: string | number }>(database, sql`select created_at from drizzle.__drizzle_migrations`);
  return new Set(rows.map((row) => Number(row.created_at)));
}
