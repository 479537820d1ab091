import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found from this file whether it runs from src/ or dist/. */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (package.json)');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();

export const projectPaths = {
  migrations: path.join(projectRoot, 'src/server/db/migrations'),
  webDist: path.join(projectRoot, 'dist/web'),
  /** The sample games that ship as web builds, one folder each (decision 0069). */
  sampleBuilds: path.join(projectRoot, 'src/server/db/seed/builds'),
  packageJson: path.join(projectRoot, 'package.json'),
};
