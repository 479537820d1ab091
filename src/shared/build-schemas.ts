import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination';
import { pathIdSchema } from './ids';
import { buildStatuses } from './builds';

export const gameBuildSchema = z.object({
  version: z.number().int(),
  status: z.enum(buildStatuses),
  sizeBytes: z.number().int(),
  fileCount: z.number().int(),
  entryPath: z.string(),
  createdAt: z.string(),
  playUrl: z.string().meta({ description: "Where it plays, on the games origin: a listed build's lasting address, or a preview address that lasts 30 minutes" }),
  playing: z.boolean().meta({ description: "Whether this is the version the game's page plays" }),
  reviewNote: z.string().meta({ description: "The moderator's note on approval or rejection ('' when none)" }),
});

export const gameBuildListSchema = z.object({ builds: z.array(gameBuildSchema) });

export const pendingBuildSchema = gameBuildSchema.extend({
  game: z.object({ id: z.number().int(), title: z.string() }),
  maker: z.object({ id: z.string().nullable(), name: z.string() }),
});
export const pendingBuildPageSchema = pageSchema(pendingBuildSchema);
export const pendingBuildQuerySchema = pageQuerySchema({ defaultSize: 20 });

export const gameBuildParamsSchema = z.object({
  id: pathIdSchema('game'),
  version: pathIdSchema('build version', 'version'),
});
