import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../client';

export interface TableInfo {
  name: string;
  /** Columns we write: generated columns follow from these and are left out. */
  columns: string[];
  primaryKey: string[];
  /** Columns filled from a sequence (serial), whose sequences must follow imported ids. */
  serialColumns: string[];
}

/**
 * Filled by triggers as the other tables are written: an import refills it by itself, and
 * copying it too would clash with what the triggers write.
 */
const triggerFilledTables = new Set(['catalogue_changes']);

/**
 * This deployment's own running state (leases and times of its periodic jobs): meaningless in
 * another database, whose instances keep their own, and it changes while an export is read.
 */
const deploymentStateTables = new Set(['job_runs']);

/** The app's tables (schema public), parents before children, so rows can be inserted in order. */
export async function appTables(database: Database): Promise<TableInfo[]> {
  const columns = await selectRows<{ table_name: string; column_name: string; is_generated: string; column_default: string | null }>(
    database,
    sql`select table_name, column_name, is_generated, column_default from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const keys = await selectRows<{ table_name: string; column_name: string }>(
    database,
    sql`select c.relname as table_name, a.attname as column_name
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where i.indisprimary and n.nspname = 'public' order by c.relname, a.attnum`,
  );
  const references = await selectRows<{ child: string; parent: string }>(
    database,
    sql`select distinct c.relname as child, p.relname as parent
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const tables = new Map<string, TableInfo>();
  for (const column of columns) {
    if (triggerFilledTables.has(column.table_name) || deploymentStateTables.has(column.table_name)) continue;
    const table = tables.get(column.table_name) ?? { name: column.table_name, columns: [], primaryKey: [], serialColumns: [] };
    tables.set(table.name, table);
    if (column.is_generated === 'ALWAYS') continue;
    // The writing transaction's id means nothing in another database: the importing one fills it.
    if (column.column_default?.includes('pg_current_xact_id')) continue;
    table.columns.push(column.column_name);
    if (column.column_default?.startsWith('nextval(')) table.serialColumns.push(column.column_name);
  }
  for (const key of keys) tables.get(key.table_name)?.primaryKey.push(key.column_name);
  return parentsFirst([...tables.values()], references);
}

function parentsFirst(tables: TableInfo[], references: { child: string; parent: string }[]): TableInfo[] {
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const byName = new Map(tables.map((table) => [table.name, table]));
  const visit = (table: TableInfo, path: Set<string>) => {
    if (placed.has(table.name)) return;
    if (path.has(table.name)) throw new Error(`Foreign keys form a cycle through ${table.name}`);
    path.add(table.name);
    for (const { parent } of references.filter((reference) => reference.child === table.name)) {
      const parentTable = byName.get(parent);
      if (parentTable) visit(parentTable, path);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table, new Set());
  return ordered;
}

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
