import { and, eq, sql } from 'drizzle-orm';
import { uploadWidths } from '../../shared/uploads';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { uploads, uploadVariants } from '../db/schema';
import type { UploadStorage } from './upload-storage';

const variantBytes = preparedStatement((db) =>
  db
    .select({ bytes: uploadVariants.bytes })
    .from(uploadVariants)
    .where(and(eq(uploadVariants.uploadId, sql.placeholder('id')), eq(uploadVariants.width, sql.placeholder('width'))))
    .prepare('upload_variant_bytes'),
);

const variantExists = preparedStatement((db) =>
  db
    .select({ width: uploadVariants.width })
    .from(uploadVariants)
    .where(and(eq(uploadVariants.uploadId, sql.placeholder('id')), eq(uploadVariants.width, sql.placeholder('width'))))
    .prepare('upload_variant_exists'),
);

/**
 * Uploads as rows of `upload_variants`, the default on PostgreSQL: every instance sharing the
 * database serves every image. The row and its variants are written in one transaction, and
 * deleting the row deletes the variants (a foreign key), so bytes never outlive their upload.
 */
export function createDatabaseStorage(db: Db): UploadStorage {
  return {
    kind: 'database',
    save: async (row, variants) => {
      await db.transaction(async (tx) => {
        await tx.insert(uploads).values(row);
        await tx
          .insert(uploadVariants)
          .values(variants.map(({ variant, data }) => ({ uploadId: row.id, width: uploadWidths[variant], bytes: data })));
      });
    },
    read: async (id, width) => {
      const [row] = await variantBytes(db).execute({ id, width });
      return row ? { size: row.bytes.length, body: row.bytes } : null;
    },
    has: async (id, width) => (await variantExists(db).execute({ id, width })).length > 0,
    // The foreign key deleted them with their rows.
    forget: async () => {},
    strays: async () => [],
  };
}
