import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The database as every query sees it: PGlite or a PostgreSQL pool, behind one Drizzle type. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
