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
