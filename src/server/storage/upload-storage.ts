import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { uploadWidths, type UploadVariant } from '../../shared/uploads';
import type { UploadStorageKind } from '../config';
import type { uploads } from '../db/schema';

export type NewUploadRow = typeof uploads.$inferInsert;

export interface EncodedVariant {
  variant: UploadVariant;
  data: Buffer;
}

/** One stored variant, ready to send. */
export interface StoredImage {
  size: number;
  body: Buffer | Readable;
}

/**
 * Where the WebP variants of uploads are kept. Images never change once stored (a new image is
 * a new id), so whichever instance stored one, any instance that can read the storage serves the
 * same bytes.
 */
export interface UploadStorage {
  kind: UploadStorageKind;
  /** Keeps the upload's row and every variant: all of them, or (when anything fails) none. */
  save(row: NewUploadRow, variants: EncodedVariant[]): Promise<void>;
  read(id: string, width: number): Promise<StoredImage | null>;
  has(id: string, width: number): Promise<boolean>;
  /** Forgets the bytes of these uploads (their rows are already gone). */
  forget(ids: string[]): Promise<void>;
  /** Ids whose bytes were written before `cutoff` and may have no row (a crash between the two writes). */
  strays(cutoff: Date): Promise<string[]>;
}

/** A fresh upload id: 128 random bits, URL-safe. */
export function newUploadId(): string {
  return randomBytes(16).toString('base64url');
}

const servedNamePattern = new RegExp(`^([A-Za-z0-9_-]{10,64})-(${Object.values(uploadWidths).join('|')})\\.webp$`);

/**
 * The upload and width a served name stands for. Only names we make are ever served: no dots,
 * slashes or other widths get through.
 */
export function parseServedName(name: string): { id: string; width: number } | null {
  const match = servedNamePattern.exec(name);
  return match ? { id: match[1]!, width: Number(match[2]) } : null;
}
