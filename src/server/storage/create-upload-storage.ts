import type { Config, UploadStorageKind } from '../config';
import type { Database } from '../db/client';
import { createDatabaseStorage } from './database-storage';
import { createFileStorage, uploadsDir } from './file-storage';
import type { UploadStorage } from './upload-storage';

/** UPLOAD_STORAGE, or by default the database on PostgreSQL (instances share it) and files on the embedded one. */
export function uploadStorageKind(config: Pick<Config, 'uploadStorage'>, database: Pick<Database, 'kind'>): UploadStorageKind {
  return config.uploadStorage ?? (database.kind === 'postgres' ? 'database' : 'files');
}

export function createUploadStorage(config: Pick<Config, 'uploadStorage' | 'dataDir'>, database: Database): UploadStorage {
  return uploadStorageKind(config, database) === 'database'
    ? createDatabaseStorage(database.db)
    : createFileStorage(database.db, uploadsDir(config.dataDir));
}
