import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads, uploadVariants } from '../db/schema';
import { parseServedName } from './upload-storage';

/**
 * Copies images kept as files (the storage before UPLOAD_STORAGE=database) into the database,
 * so a site that switches keeps every image it had. Only files whose upload has a row are
 * taken, and what the database already holds is left alone, so running it again (on every
 * instance, at every start) copies nothing twice. Answers how many variants it copied.
 */
export async function importUploadFiles(db: Db, dir: string): Promise<number> {
  const files = (await readdir(dir).catch(() => [] as string[]))
    .map((name) => ({ name, served: parseServedName(name) }))
    .flatMap(({ name, served }) => (served ? [{ name, ...served }] : []));
  if (files.length === 0) return 0;
  const ids = [...new Set(files.map((file) => file.id))];
  const known = new Set<string>();
  const held = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const batch = ids.slice(start, start + 500);
    for (const row of await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, batch))) known.add(row.id);
    const stored = await db
      .select({ id: uploadVariants.uploadId, width: uploadVariants.width })
      .from(uploadVariants)
      .where(inArray(uploadVariants.uploadId, batch));
    for (const row of stored) held.add(`${row.id}-${row.width}`);
  }
  let copied = 0;
  for (const file of files) {
    if (!known.has(file.id) || held.has(`${file.id}-${file.width}`)) continue;
    const bytes = await readFile(path.join(dir, file.name));
    const inserted = await db
      .insert(uploadVariants)
      .values({ uploadId: file.id, width: file.width, bytes })
      .onConflictDoNothing()
      .returning({ width: uploadVariants.width });
    copied += inserted.length;
  }
  return copied;
}
