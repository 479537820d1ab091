import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../client';
import { migrationStatus } from '../migrate';
import { appTables, quoted, type TableInfo } from './tables';

export const exportFormat = 'gamesource-export';
export const exportVersion = 1;
const batchSize = 500;

export interface ExportHeader {
  format: typeof exportFormat;
  version: typeof exportVersion;
  /** The newest migration of the exporting database: an import needs the same schema. */
  schemaVersion: string;
  exportedAt: string;
}

export interface ExportBatch {
  table: string;
  rows: Record<string, unknown>[];
}

/** The whole database as lines of JSON: a header, then batches of rows, parents before children. */
export async function* exportDatabase(database: Database): AsyncGenerator<string> {
  const { schemaVersion } = await migrationStatus(database);
  const header: ExportHeader = { format: exportFormat, version: exportVersion, schemaVersion, exportedAt: new Date().toISOString() };
  yield JSON.stringify(header);
  for (const table of await appTables(database)) {
    for await (const rows of tableBatches(database, table)) yield JSON.stringify({ table: table.name, rows } satisfies ExportBatch);
  }
}

async function* tableBatches(database: Database, table: TableInfo): AsyncGenerator<Record<string, unknown>[]> {
  const columns = table.columns.map(quoted).join(', ');
  const order = (table.primaryKey.length > 0 ? table.primaryKey : table.columns).map(quoted).join(', ');
  for (let offset = 0; ; offset += batchSize) {
    const rows = await selectRows<{ row: Record<string, unknown> }>(
      database,
      sql.raw(
        `select to_json(r) as row from (select ${columns} from ${quoted(table.name)} order by ${order} limit ${batchSize} offset ${offset}) r`,
      ),
    );
    if (rows.length === 0) return;
    yield rows.map(({ row }) => (typeof row === 'string' ? (JSON.parse(row) as Record<string, unknown>) : row));
    if (rows.length < batchSize) return;
  }
}
