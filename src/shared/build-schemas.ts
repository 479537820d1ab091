import { z } from 'zod';
import { buildAspectRatios, buildStatuses, DEFAULT_ASPECT_RATIO } from './builds';
import { pathIdSchema } from './ids';
import { pageQuerySchema, pageSchema } from './pagination';

export const gameBuildSchema = z.object({
  version: z.number().int(),
  status: z.enum(buildStatuses),
  sizeBytes: z.number().int(),
  fileCount: z.number().int(),
  entryPath: z.string(),
  createdAt: z.string(),
  playUrl: z.string().meta({
    description: "Where it plays, on the games origin: a listed build's lasting address, or a preview address that lasts 30 minutes",
  }),
  playing: z.boolean().meta({ description: "Whether this is the version the game's page plays" }),
  reviewNote: z.string().meta({ description: "The moderator's note on approval or rejection ('' when none)" }),
  aspectRatio: z.enum(buildAspectRatios).meta({ description: "The shape of the game's screen in the page, width:height" }),
  crossOriginIsolated: z
    .boolean()
    .meta({ description: 'Served with COOP and COEP (threads, SharedArrayBuffer); plays in a tab of its own' }),
});

/**
 * The upload's fields besides the zip, sent before it (multipart is read in order, and the zip
 * is streamed as it arrives). A checkbox's `on` counts as yes, as a browser sends it.
 */
export const buildOptionsFieldsSchema = z.strictObject(
  {
    aspectRatio: z
      .enum(buildAspectRatios, { error: `Choose a shape for the game's screen: ${buildAspectRatios.join(', ')}.` })
      .default(DEFAULT_ASPECT_RATIO),
    crossOriginIsolated: z
      .enum(['true', 'false', 'on'], { error: 'Say whether the game needs cross-origin isolation with true or false.' })
      .default('false')
      .transform((value) => value !== 'false'),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Send only aspectRatio and crossOriginIsolated before the zip, not ${issue.keys.join(', ')}.`
        : undefined,
  },
);

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
