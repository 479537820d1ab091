import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BuildStorage } from './build-storage';
import { localWorkspace } from './build-workspace';

/**
 * Web builds as files, the embedded default: DATA_DIR/builds/<game>/<version>/, one folder per
 * version, never changed once kept. A build is received and unpacked under `.incoming` on the
 * same file system and moved into place in one rename, so a half-unpacked build is never served.
 */
export function createBuildFiles(root: string): BuildStorage {
  const folderOf = (gameId: number, version: number) => path.join(root, String(gameId), String(version));
  const forget = (gameId: number, version: number) => rm(folderOf(gameId, version), { recursive: true, force: true });
  return {
    kind: 'files',
    workspace: localWorkspace(root),
    keep: async (unpacked, gameId, version) => {
      await forget(gameId, version);
      await mkdir(path.join(root, String(gameId)), { recursive: true });
      await rename(unpacked, folderOf(gameId, version));
    },
    forget,
    file: async (gameId, version, name) => {
      const file = path.join(folderOf(gameId, version), name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, open: async (range) => createReadStream(file, range) };
    },
  };
}
