// `npm run db:import -- <file> [--replace]`: migrates the configured database, then loads an export into it.
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { loadConfig } from '../src/server/config';
import { createDatabase, embeddedDataDir } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { importDatabase, ImportRefused } from '../src/server/db/transfer/import';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
if (!file || !existsSync(file)) {
  console.error('Usage: npm run db:import -- <export file> [--replace]');
  process.exit(2);
}
const config = loadConfig();
const database = createDatabase({ url: config.databaseUrl, dataDir: embeddedDataDir(config.dataDir) });
try {
  await runMigrations(database);
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  const written = await importDatabase(database, lines, { replace: args.includes('--replace') });
  const total = Object.values(written).reduce((sum, count) => sum + count, 0);
  console.log(`Imported ${total} rows into ${Object.keys(written).length} tables.`);
} catch (error) {
  if (!(error instanceof ImportRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
