import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { uploadWidths, type UploadVariant } from '../../shared/uploads';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import type { EncodedVariant, UploadStorage } from './upload-storage';

/** Upload files live in DATA_DIR/uploads as <id>-<width>.webp, one per upload width. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function fileName(id: string, variant: UploadVariant): string {
  return `${id}-${uploadWidths[variant]}.webp`;
}

/**
 * Uploads as files in one folder, the embedded database's default: files first, then the row,
 * so a row never names missing files. Instances share these only through a shared volume.
 */
export function createFileStorage(db: Db, dir: string): UploadStorage {
  const fileOf = (id: string, width: number) => path.join(dir, `${id}-${width}.webp`);
  const sizeOf = async (id: string, width: number) => {
    const info = await stat(fileOf(id, width)).catch(() => null);
    return info?.isFile() ? info.size : null;
  };
  return {
    kind: 'files',
    save: async (row, variants) => {
      await writeUploadFiles(dir, row.id, variants);
      try {
        await db.insert(uploads).values(row);
      } catch (error) {
        await removeUploadFiles(dir, row.id);
        throw error;
      }
    },
    read: async (id, width) => {
      const size = await sizeOf(id, width);
      return size === null ? null : { size, body: createReadStream(fileOf(id, width)) };
    },
    has: async (id, width) => (await sizeOf(id, width)) !== null,
    forget: async (ids) => {
      await Promise.all(ids.map((id) => removeUploadFiles(dir, id)));
    },
    strays: async (cutoff) => [...(await fileIdsOlderThan(dir, cutoff))],
  };
}

/** Writes every variant under a temporary name first, so a half-written file is never served. */
async function writeUploadFiles(dir: string, id: string, variants: EncodedVariant[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  try {
    for (const { variant, data } of variants) {
      const target = path.join(dir, fileName(id, variant));
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, target);
    }
  } catch (error) {
    await removeUploadFiles(dir, id);
    throw error;
  }
}

/** Removes an upload's files, and any temporary file of it left by a crash. */
async function removeUploadFiles(dir: string, id: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(`${id}-`)).map((name) => rm(path.join(dir, name), { force: true })));
}

/** Ids of files on disk last changed before `cutoff` (to find files whose row never got written). */
async function fileIdsOlderThan(dir: string, cutoff: Date): Promise<Set<string>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = new Set<string>();
  for (const name of names) {
    const id = /^([A-Za-z0-9_-]{10,64})-\d+\.webp/.exec(name)?.[1];
    if (!id) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && info.mtime < cutoff) ids.add(id);
  }
  return ids;
}
