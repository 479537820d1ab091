import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Largest first, in the order of the schema's `.desc()` indexes (`desc nulls last`). A bare
 * `desc` means nulls first, which those indexes cannot serve even on NOT NULL columns, so
 * PostgreSQL would sort every matching row instead of reading the first few from the index.
 */
export const descending = (column: AnyPgColumn | SQL | SQL.Aliased): SQL => sql`${column} desc nulls last`;
