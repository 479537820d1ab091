import type { BuildStorageSettings } from '../config';
import { createBuildFiles } from './build-files';
import type { BuildStorage } from './build-storage';
import { buildsDir, localWorkspace } from './build-workspace';
import { createS3BuildStorage } from './s3-build-storage';

/** The storage BUILD_STORAGE names; the workspace stays on this instance's disk either way. */
export function createBuildStorage(config: { dataDir: string; games: { storage: BuildStorageSettings } }): BuildStorage {
  const root = buildsDir(config.dataDir);
  const settings = config.games.storage;
  return settings.kind === 's3' ? createS3BuildStorage(settings.s3, localWorkspace(root)) : createBuildFiles(root);
}
