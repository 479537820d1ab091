import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import { uploadPath, uploadWidths, type UploadedImage, type UploadVariant } from '../../../shared/uploads';
import type { Actor } from '../../auth/session';
import { requireGoodStanding } from '../../auth/standing';
import type { Db } from '../../db/client';
import { gameMedia, games, submissions, uploads, users } from '../../db/schema';
import { UPLOAD_RATE } from '../../http/limits/policies';
import { RetryLater } from '../../http/limits/retry-later';
import { newUploadId, type UploadStorage } from '../../storage/upload-storage';
import { processImage } from './image';

/** Uploads nothing refers to are kept this long: time enough to finish the form they are for. */
export const UNREFERENCED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a user's upload beyond UPLOAD_RATE. Counted from the uploads table, so it holds
 * across server instances and restarts; checked before the request body is read.
 */
export async function checkUploadRate(db: Db, actor: Actor, now = new Date()): Promise<void> {
  requireGoodStanding(actor);
  const since = new Date(now.getTime() - UPLOAD_RATE.windowMs);
  const [row] = await db
    .select({ recent: count(), oldest: min(uploads.createdAt) })
    .from(uploads)
    .where(and(eq(uploads.userId, actor.id), gt(uploads.createdAt, since)));
  if ((row?.recent ?? 0) >= UPLOAD_RATE.max) {
    // Approximate when the oldest counted upload leaves the window (exact when at the limit).
    const freedAt = new Date(row?.oldest ?? now).getTime() + UPLOAD_RATE.windowMs;
    throw new RetryLater(
      `You can upload ${UPLOAD_RATE.max} images every ${UPLOAD_RATE.windowMs / 60_000} minutes. Wait a few minutes and try again.`,
      Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)),
    );
  }
}

/** Re-encodes and stores an image; nothing is stored when the image is refused. */
export async function createUpload(storage: UploadStorage, actor: Actor, input: Buffer): Promise<UploadedImage> {
  const image = await processImage(input);
  const id = newUploadId();
  await storage.save({ id, userId: actor.id, width: image.width, height: image.height }, image.variants);
  return toUploadedImage(id, image.width, image.height);
}

export function toUploadedImage(id: string, width: number, height: number): UploadedImage {
  const urls = Object.fromEntries(
    (Object.keys(uploadWidths) as UploadVariant[]).map((variant) => [variant, uploadPath(id, variant)]),
  ) as Record<UploadVariant, string>;
  return { id, width, height, path: uploadPath(id), urls };
}

/** `/uploads/<id>-` : every stored reference to an upload starts so, whatever the width. */
const prefixOf = sql`'/uploads/' || ${uploads.id} || '-'`;

/**
 * No game cover, screenshot, avatar or submission draft names the upload. starts_with and
 * strpos rather than LIKE: upload ids may hold '_', which LIKE reads as a wildcard.
 */
const unreferenced = sql`
  not exists (select 1 from ${games} where starts_with(${games.imagePath}, ${prefixOf}))
  and not exists (select 1 from ${gameMedia} where starts_with(${gameMedia.path}, ${prefixOf}))
  and not exists (select 1 from ${users} where starts_with(${users.image}, ${prefixOf}))
  and not exists (select 1 from ${submissions} where strpos(${submissions.payload}::text, ${prefixOf}) > 0)`;

/**
 * Deletes uploads older than a day that nothing refers to, rows and stored images, and stored
 * images whose row was never written (a crash between the two). Returns the ids removed.
 */
export async function cleanUpUploads(db: Db, storage: UploadStorage, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - UNREFERENCED_UPLOAD_TTL_MS);
  const removed = await db
    .delete(uploads)
    .where(and(lt(uploads.createdAt, cutoff), unreferenced))
    .returning({ id: uploads.id });
  const ids = removed.map((row) => row.id);
  const strays = (await storage.strays(cutoff)).filter((id) => !ids.includes(id));
  const orphans = await withoutRows(db, strays);
  await storage.forget([...ids, ...orphans]);
  return [...ids, ...orphans];
}

async function withoutRows(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));
  const known = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}
