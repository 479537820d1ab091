import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { uploadIdFromPath } from '../../../shared/uploads';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { invalidArgument } from '../../http/app-error';

interface WithImages {
  cover?: { path: string } | undefined;
  screenshots?: { path: string }[] | undefined;
}

/**
 * A submission may show only images its maker uploaded to GameSource that still exist. Images
 * whose uploader has deleted their account belong to nobody and stay usable (a game that shows
 * one keeps it through an edit).
 */
export async function requireStoredUploads(db: Db, actor: Actor, payload: WithImages | undefined): Promise<void> {
  const paths = [payload?.cover?.path, ...(payload?.screenshots ?? []).map((image) => image.path)];
  const ids = [...new Set(paths.flatMap((path) => (path ? [uploadIdFromPath(path)] : [])))].filter((id) => id !== null);
  if (ids.length === 0) return;
  const found = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), or(eq(uploads.userId, actor.id), isNull(uploads.userId))));
  if (found.length < ids.length) throw invalidArgument('Image must be one you uploaded to GameSource');
}
