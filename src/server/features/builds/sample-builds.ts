import { cp } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_ASPECT_RATIO, type BuildLimits, type BuildOptions } from '../../../shared/builds';
import type { Db } from '../../db/client';
import { gameBuilds, games } from '../../db/schema';
import { projectPaths } from '../../paths';
import type { BuildStorage } from '../../storage/build-storage';
import { checkBuildFolder } from './build-checker';
import type { GameUrls } from './game-urls';
import { keepSampleBuild } from './service';

/** The sample games that are real games (decision 0069): their sources are `<sampleBuilds>/<slug>/`. */
export const sampleBuildSlugs = ['the-lying-sphinx', 'ninefold-front', 'knucklewise'] as const;

const sampleOptions: BuildOptions = { aspectRatio: DEFAULT_ASPECT_RATIO, crossOriginIsolated: false };

/** What every sample game's build holds besides its own folder (a build is self-contained: each gets a copy). */
const SHARED_FOLDER = 'common';

/** The sources' tests and type declarations (.ts) stay beside them, out of the build. */
const isBuildFile = (source: string) => !source.endsWith('.ts');

/**
 * Gives each sample game that is a real game its approved build, version 1, when it has none:
 * its folder and the shared one are copied into an upload's workspace, checked by the rules an upload is checked
 * by, and kept by the function that keeps an upload. Safe to run on every start.
 */
export async function seedSampleBuilds(
  db: Db,
  files: BuildStorage,
  urls: GameUrls,
  limits: BuildLimits,
  sourcesDir = projectPaths.sampleBuilds,
): Promise<{ buildsAdded: number }> {
  const rows = await db
    .select({ id: games.id, slug: games.slug })
    .from(games)
    .where(inArray(games.slug, [...sampleBuildSlugs]));
  let buildsAdded = 0;
  for (const { id, slug } of rows) {
    if (await hasBuild(db, id)) continue;
    const workspace = await files.workspace();
    try {
      for (const folder of [slug, SHARED_FOLDER]) {
        await cp(path.join(sourcesDir, folder), workspace.unpacked, {
          recursive: true,
          filter: isBuildFile,
          errorOnExist: true,
          force: false,
        });
      }
      const checked = await checkBuildFolder(workspace.unpacked, limits);
      if (await keepSampleBuild(db, files, urls, id, workspace.unpacked, checked, sampleOptions)) buildsAdded++;
    } finally {
      await workspace.discard();
    }
  }
  return { buildsAdded };
}

async function hasBuild(db: Db, gameId: number): Promise<boolean> {
  const [row] = await db.select({ version: gameBuilds.version }).from(gameBuilds).where(eq(gameBuilds.gameId, gameId)).limit(1);
  return row !== undefined;
}
