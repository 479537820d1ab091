import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase, embeddedDataDir } from '../client';
import { runningServer, serverLockFile } from '../server-lock';

/** Why a backup or restore did not run, for the person who asked. */
export class BackupRefused extends Error {}

const timestamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/** Where a backup goes when no file is named: `DATA_DIR/backups/gamesource-<UTC time>.tar.gz`. */
export const defaultBackupFile = (dataDir: string, now = new Date()) =>
  path.join(dataDir, 'backups', `gamesource-${timestamp(now)}.tar.gz`);

function refuseWhileServerRuns(dataDir: string, action: string) {
  const pid = runningServer(dataDir);
  if (pid === undefined) return;
  throw new BackupRefused(
    `The server (process ${pid}) has the embedded database in ${dataDir} open: stop it first, then ${action}. ` +
      `If no server is running, delete ${serverLockFile(dataDir)}.`,
  );
}

function openEmbedded(dir: string, loadDataDir?: Blob) {
  const database = createDatabase({ dataDir: dir, loadDataDir });
  if (database.kind !== 'pglite') throw new Error('Expected the embedded database');
  return database;
}

/** Writes the embedded database's files, as one gzipped tar, to `file`; answers its size in bytes. */
export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  refuseWhileServerRuns(dataDir, 'back up');
  const dir = embeddedDataDir(dataDir);
  if (!existsSync(dir)) throw new BackupRefused(`There is no embedded database in ${dataDir} to back up.`);
  const database = openEmbedded(dir);
  try {
    const dump = await (await database.connection.instanceNow()).dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, bytes);
    return bytes.length;
  } finally {
    await database.close();
  }
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Replaces the embedded database with the one in a backup. The backup is loaded into a new
 * folder first, so a bad file leaves the current database as it was; with `force`, the current
 * one is kept beside it (`pglite.replaced-<time>`), never deleted. Answers where that is.
 */
export async function restoreEmbedded(dataDir: string, file: string, { force = false } = {}): Promise<string | undefined> {
  refuseWhileServerRuns(dataDir, 'restore');
  if (!existsSync(file)) throw new BackupRefused(`There is no backup file at ${file}.`);
  const dir = embeddedDataDir(dataDir);
  if (!isEmptyDir(dir) && !force) {
    throw new BackupRefused(`${dir} already holds a database. Add --force to replace it (the current one is kept beside it).`);
  }
  const incoming = `${dir}.restoring-${timestamp(new Date())}`;
  const database = openEmbedded(incoming, new Blob([await readFile(file)]));
  try {
    await database.db.execute(sql`select 1`);
  } catch (error) {
    throw new BackupRefused(`${file} is not a backup this server can read: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await database.close();
  }
  let keptAt: string | undefined;
  if (existsSync(dir)) {
    keptAt = `${dir}.replaced-${timestamp(new Date())}`;
    await rename(dir, keptAt);
  }
  await rename(incoming, dir);
  return keptAt;
}
