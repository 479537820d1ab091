import { sql } from 'drizzle-orm';
import type { Database, Db } from '../client';
import { migrationStatus } from '../migrate';
import { exportFormat, exportVersion, type ExportBatch, type ExportHeader } from './export';
import { appTables, quoted, type TableInfo } from './tables';

export class ImportRefused extends Error {}

export interface ImportOptions {
  /** Empty every table first; without it, a database that holds any row is refused. */
  replace?: boolean;
}

/**
 * Loads lines written by exportDatabase into a migrated database, in one transaction: either
 * everything arrives or nothing changes. Returns the rows written per table.
 */
export async function importDatabase(database: Database, lines: AsyncIterable<string>, options: ImportOptions = {}) {
  const iterator = lines[Symbol.asyncIterator]();
  const header = parseHeader((await iterator.next()).value);
  const { schemaVersion, pending } = await migrationStatus(database);
  if (pending.length > 0 || schemaVersion !== header.schemaVersion) {
    throw new ImportRefused(
      `The export is at schema ${header.schemaVersion} and this database at ${schemaVersion}` +
        (pending.length > 0 ? ` with ${pending.length} migration(s) pending` : '') +
        ': run the same version of GameSource on both and `npm run db:migrate` first.',
    );
  }
  const tables = await appTables(database);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const written = new Map<string, number>();
  await database.db.transaction(async (tx) => {
    await prepareTarget(tx, tables, options);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (!next.value.trim()) continue;
      const batch = JSON.parse(next.value) as ExportBatch;
      const table = byName.get(batch.table);
      if (!table) throw new ImportRefused(`The export has a table this database does not: ${batch.table}`);
      await insertBatch(tx, table, batch.rows);
      written.set(table.name, (written.get(table.name) ?? 0) + batch.rows.length);
    }
    for (const table of tables) await followSequences(tx, table);
  });
  return Object.fromEntries(written);
}

function parseHeader(line: string | undefined): ExportHeader {
  const header = line ? (JSON.parse(line) as Partial<ExportHeader>) : {};
  if (header.format !== exportFormat || header.version !== exportVersion) {
    throw new ImportRefused('This file is not a GameSource export (npm run db:export writes one).');
  }
  return header as ExportHeader;
}

async function prepareTarget(tx: Db, tables: TableInfo[], options: ImportOptions) {
  const names = tables.map((table) => quoted(table.name)).join(', ');
  if (options.replace) {
    await tx.execute(sql.raw(`truncate ${names} restart identity cascade`));
    return;
  }
  for (const table of tables) {
    const result = (await tx.execute(sql.raw(`select exists (select 1 from ${quoted(table.name)}) as found`))) as unknown as {
      rows: { found: boolean }[];
    };
    if (result.rows[0]?.found) {
      throw new ImportRefused(`The database already holds data (table ${table.name}); import with --replace to overwrite it.`);
    }
  }
}

async function insertBatch(tx: Db, table: TableInfo, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const columns = table.columns.map(quoted).join(', ');
  await tx.execute(
    sql`${sql.raw(`insert into ${quoted(table.name)} (${columns}) select ${columns} from json_populate_recordset(null::${quoted(table.name)}, `)}${JSON.stringify(rows)}::json)`,
  );
}

async function followSequences(tx: Db, table: TableInfo) {
  for (const column of table.serialColumns) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${quoted(table.name)}', '${column}'), coalesce((select max(${quoted(column)}) from ${quoted(table.name)}), 0) + 1, false)`,
      ),
    );
  }
}
