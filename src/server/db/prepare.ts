import type { Database } from './client';
import { runMigrations } from './migrate';
import { seedCatalogue } from './seed';

/** Brings the schema up to date and writes the seed data; both are safe to repeat. */
export async function prepareDatabase(database: Database) {
  await runMigrations(database);
  return seedCatalogue(database.db);
}
