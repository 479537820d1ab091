import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Whatever `make` makes, made once per database handle (each test app has its own). */
export function perDatabase<Made>(make: (db: Db) => Made): (db: Db) => Made {
  const made = new WeakMap<Db, Made>();
  return (db) => {
    let thing = made.get(db);
    if (!thing) made.set(db, (thing = make(db)));
    return thing;
  };
}

/**
 * A statement made once per database handle and prepared under its name, so each connection
 * plans it once: for the small lookups every page view makes, planning costs more than running.
 */
export const preparedStatement = perDatabase;

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
