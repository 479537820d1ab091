import type { Readable } from 'node:stream';
import type { BuildStorageSettings } from '../config';
import { buildsDir, type BuildWorkspace } from './build-workspace';

export { buildsDir, type BuildWorkspace };

/** A stored file of a build: its size, and its bytes (or a range of them) as a stream. */
export interface StoredBuildFile {
  size: number;
  /** Opens the bytes from `start` to `end` inclusive, or all of them. */
  open(range?: { start: number; end: number }): Promise<Readable>;
}

/**
 * Where web builds are kept, by game and version: `<game>/<version>/<path>` (decision 0068). A
 * version never changes once kept. Files under DATA_DIR/builds (the embedded default), or an
 * S3-compatible object store that every instance reads. Bytes are streamed both ways: a build or
 * a file is never held in memory, and never in the database.
 */
export interface BuildStorage {
  kind: BuildStorageSettings['kind'];
  /** A fresh zip path and unpacking folder on local disk; neither exists yet. */
  workspace(): Promise<BuildWorkspace>;
  /**
   * Keeps the unpacked folder as this version: every file, or (when anything fails) none. What a
   * crashed earlier attempt may have left under the same version is cleared first.
   */
  keep(unpacked: string, gameId: number, version: number): Promise<void>;
  /** Forgets every file of this version (nothing happens when there are none). */
  forget(gameId: number, version: number): Promise<void>;
  /** One file of a version, by its checked path inside the build; null when there is no such file. */
  file(gameId: number, version: number, name: string): Promise<StoredBuildFile | null>;
}
