import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The file that says a server has the embedded database in `dataDir` open: its process id. */
export const serverLockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The process id of a running server that has this data dir open, if there is one. */
export function runningServer(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(serverLockFile(dataDir), 'utf8'), 10);
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/**
 * Marks the data dir as open by this process until it exits, so the backup and restore tools
 * can refuse to touch the files under a running server.
 */
export function holdServerLock(dataDir: string): void {
  const file = serverLockFile(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  process.once('exit', () => {
    if (runningServer(dataDir) === undefined) rmSync(file, { force: true });
  });
}
