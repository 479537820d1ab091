import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { runMigrations } from './migrate';
import { seedCatalogue } from './seed';

/** Brings the schema up to date and writes the seed data; both are safe to repeat. */
export async function prepareDatabase(database: Database) {
  await runMigrations(database);
  const seeded = await seedCatalogue(database.db);
  // PGlite runs no autovacuum: without fresh statistics its planner ignores the indexes.
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  return seeded;
}
