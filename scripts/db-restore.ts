// `npm run db:restore -- <file> [--force]`: replaces the embedded database with a backup from `npm run db:backup`.
import { loadConfig } from '../src/server/config';
import { BackupRefused, restoreEmbedded } from '../src/server/db/transfer/backup';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Usage: npm run db:restore -- <backup file> [--force]');
  process.exit(2);
}
const config = loadConfig();
try {
  if (config.databaseUrl) throw new BackupRefused('DATABASE_URL is set: restore PostgreSQL with pg_restore (or npm run db:import).');
  const keptAt = await restoreEmbedded(config.dataDir, file, { force: args.includes('--force') });
  console.log(`Restored the embedded database from ${file}.${keptAt ? ` The one it replaced is kept in ${keptAt}.` : ''}`);
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
