import { inArray } from 'drizzle-orm';
import { uploadIdFromPath } from '../../../shared/uploads';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { invalidArgument } from '../../http/app-error';

interface WithImages {
  cover?: { path: string } | undefined;
  screenshots?: { path: string }[] | undefined;
}

/** A submission may show only images uploaded to GameSource that still exist. */
export async function requireStoredUploads(db: Db, payload: WithImages | undefined): Promise<void> {
  const paths = [payload?.cover?.path, ...(payload?.screenshots ?? []).map((image) => image.path)];
  const ids = [...new Set(paths.flatMap((path) => (path ? [uploadIdFromPath(path)] : [])))].filter((id) => id !== null);
  if (ids.length === 0) return;
  const found = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(inArray(uploads.id, ids));
  if (found.length < ids.length) throw invalidArgument('Image must be one uploaded to GameSource');
}
