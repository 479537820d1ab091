import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { uploadWidths, type UploadVariant } from '../../../shared/uploads';

/** Upload files live in DATA_DIR/uploads as <id>-<width>.webp, one per upload width. */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** A fresh upload id: 128 random bits, URL-safe. */
export function newUploadId(): string {
  return randomBytes(16).toString('base64url');
}

export function fileName(id: string, variant: UploadVariant): string {
  return `${id}-${uploadWidths[variant]}.webp`;
}

const servedNamePattern = new RegExp(
  `^[A-Za-z0-9_-]{10,64}-(?:${Object.values(uploadWidths).join('|')})\\.webp$`,
);

/** Only names we make are ever served: no dots, slashes or other widths get through. */
export function isServedFileName(name: string): boolean {
  return servedNamePattern.test(name);
}

/** Writes every variant under a temporary name first, so a half-written file is never served. */
export async function writeUploadFiles(
  dir: string,
  id: string,
  variants: { variant: UploadVariant; data: Buffer }[],
): Promise<void> {
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
export async function removeUploadFiles(dir: string, id: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((name) => name.startsWith(`${id}-`)).map((name) => rm(path.join(dir, name), { force: true })),
  );
}

/** Ids of files on disk last changed before `cutoff` (to find files whose row never got written). */
export async function fileIdsOlderThan(dir: string, cutoff: Date): Promise<Set<string>> {
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
