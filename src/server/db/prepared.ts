import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A statement made once per database handle and prepared under its name, so each connection
 * plans it once: for the small lookups every page view makes, planning costs more than running.
 */
export function preparedStatement<Statement>(make: (db: Db) => Statement): (db: Db) => Statement {
  const made = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) made.set(db, (statement = make(db)));
    return statement;
  };
}

const dialect = new PgDialect();

/** A raw statement prepared with `preparedSql`: its rows for these placeholder values. */
export interface PreparedSql<Row> {
  rows(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * `preparedStatement` for a statement no builder can write (a data-modifying WITH, say): values
 * go in through `sql.placeholder`. Rows come as the driver reads them (timestamps as text).
 */
export function preparedSql<Row>(name: string, statement: SQL): (db: Db) => PreparedSql<Row> {
  return preparedStatement((db) => {
    const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
    return { rows: async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows };
  });
}
