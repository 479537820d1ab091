// `npm run db:migrate`: applies pending migrations to the configured database.
import { loadConfig } from '../src/server/config';
import { createDatabase, embeddedDataDir } from '../src/server/db/client';
import { migrationStatus, runMigrations } from '../src/server/db/migrate';

const config = loadConfig();
const database = createDatabase({ url: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) });
try {
  const before = await migrationStatus(database);
  await runMigrations(database);
  const after = await migrationStatus(database);
  console.log(`Applied ${before.pending.length} migration(s); schema version ${after.schemaVersion}.`);
} finally {
  await database.close();
}
