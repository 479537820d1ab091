import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Where an upload is received and unpacked: always on this instance's disk, gone when discarded. */
export interface BuildWorkspace {
  zip: string;
  unpacked: string;
  discard(): Promise<void>;
}

export function buildsDir(dataDir: string): string {
  return path.join(dataDir, 'builds');
}

/** The same workspace for every storage: DATA_DIR/builds/.incoming, one name per upload. */
export function localWorkspace(root: string): () => Promise<BuildWorkspace> {
  const incoming = path.join(root, '.incoming');
  return async () => {
    await mkdir(incoming, { recursive: true });
    const base = path.join(incoming, randomBytes(12).toString('hex'));
    const zip = `${base}.zip`;
    const unpacked = `${base}.d`;
    return {
      zip,
      unpacked,
      discard: () => Promise.all([rm(zip, { force: true }), rm(unpacked, { recursive: true, force: true })]).then(() => {}),
    };
  };
}
