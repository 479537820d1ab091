import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../paths';
import { createDatabase, embeddedDataDir, selectRows } from '../client';
import { serverLockFile } from '../server-lock';

// `npm run db:backup` and `npm run db:restore`, run as an operator runs them, on an embedded
// database in a data dir of its own: a restore brings back what the backup saw.

const run = promisify(execFile);
/** Each script starts Node, compiles itself and opens the database: seconds each on a busy machine. */
const SCRIPTS_TIMEOUT_MS = 180_000;
const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');

async function script(name: string, args: string[], dataDir: string): Promise<{ code: number; out: string }> {
  // Only what the scripts need: the test run's own settings are not the operator's.
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, NODE_ENV: 'development' };
  try {
    const { stdout, stderr } = await run(tsx, [path.join(projectRoot, 'scripts', `${name}.ts`), ...args], { env, cwd: projectRoot });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

async function withDatabase<T>(
  dataDir: string,
  work: (query: (statement: ReturnType<typeof sql>) => Promise<unknown[]>) => Promise<T>,
): Promise<T> {
  const database = createDatabase({ dataDir: embeddedDataDir(dataDir) });
  try {
    return await work((statement) => selectRows(database, statement));
  } finally {
    await database.close();
  }
}

const savedWord = (dataDir: string) =>
  withDatabase(dataDir, async (query) => ((await query(sql`select word from kept`)) as { word: string }[]).map((row) => row.word));

describe.skipIf(process.env.TEST_DATABASE_URL)('backing up and restoring the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-backup-'));
    await withDatabase(dataDir, async (query) => {
      await query(sql`create table kept (word text)`);
      await query(sql`insert into kept values ('before')`);
    });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'backs up, and a restore brings back the data as it was then',
    async () => {
      const backedUp = await script('db-backup', [], dataDir);
      expect(backedUp.out).toContain('Backed up the embedded database');
      expect(backedUp).toMatchObject({ code: 0 });
      const [backup] = await readdir(path.join(dataDir, 'backups'));
      expect(backup).toMatch(/^gamesource-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
      expect(backedUp.out).toContain(`Backed up the embedded database to ${path.join(dataDir, 'backups', backup!)}`);
      const file = path.join(dataDir, 'backups', backup!);

      await withDatabase(dataDir, (query) => query(sql`update kept set word = 'after'`));

      const refused = await script('db-restore', [file], dataDir);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('already holds a database. Add --force to replace it');
      expect(await savedWord(dataDir)).toEqual(['after']);

      // A running server's lock (this test process stands in for it).
      await writeFile(serverLockFile(dataDir), `${process.pid}\n`);
      const whileRunning = await script('db-restore', [file, '--force'], dataDir);
      expect(whileRunning.code).toBe(1);
      expect(whileRunning.out).toContain(`The server (process ${process.pid}) has the embedded database in ${dataDir} open: stop it first`);
      await rm(serverLockFile(dataDir));

      const restored = await script('db-restore', [file, '--force'], dataDir);
      expect(restored).toMatchObject({ code: 0 });
      expect(restored.out).toMatch(/The one it replaced is kept in .*pglite\.replaced-/);
      expect(await savedWord(dataDir)).toEqual(['before']);
    },
    SCRIPTS_TIMEOUT_MS,
  );

  it(
    'writes a backup to the file it is given, and refuses a file that is not a backup',
    async () => {
      const file = path.join(dataDir, 'elsewhere', 'copy.tar.gz');
      expect(await script('db-backup', [file], dataDir)).toMatchObject({ code: 0 });
      expect(existsSync(file)).toBe(true);

      const notABackup = path.join(dataDir, 'not-a-backup.tar.gz');
      await writeFile(notABackup, 'hello');
      const refused = await script('db-restore', [notABackup, '--force'], dataDir);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('is not a backup this server can read');
      expect(await savedWord(dataDir)).toEqual(['before']);
    },
    SCRIPTS_TIMEOUT_MS,
  );
});
