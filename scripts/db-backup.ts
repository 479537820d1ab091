// `npm run db:backup -- [file]`: writes the embedded database to a .tar.gz (default DATA_DIR/backups/gamesource-<time>.tar.gz).
import { loadConfig } from '../src/server/config';
import { BackupRefused, backupEmbedded, defaultBackupFile } from '../src/server/db/transfer/backup';

const config = loadConfig();
const file = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? defaultBackupFile(config.dataDir);
try {
  if (config.databaseUrl) throw new BackupRefused('DATABASE_URL is set: back up PostgreSQL with pg_dump (or npm run db:export).');
  const bytes = await backupEmbedded(config.dataDir, file);
  console.log(`Backed up the embedded database to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
