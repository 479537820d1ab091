import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFields } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildOptionsFieldsSchema, gameBuildListSchema, gameBuildSchema } from '../../../shared/build-schemas';
import type { BuildOptions } from '../../../shared/builds';
import { gameIdParamsSchema } from '../../../shared/games';
import type { FeatureOptions } from '../../feature-options';
import { invalidArgument } from '../../http/app-error';
import { sendError } from '../../http/error-handler';
import { errorResponses, signedInErrors } from '../../http/error-responses';
import { createBuildStorage } from '../../storage/create-build-storage';
import { checkAndUnpackBuild } from './build-checker';
import { BuildRefused } from './build-refused';
import { gameUrlsFor } from './game-urls-for';
import { buildReviewRoutes } from './review-routes';
import { keepBuild, listBuilds, listedBuild, startBuildUpload, type BuildRules } from './service';

const MB = 1024 * 1024;

/** multipart/form-data is read by the handler as it arrives: this only describes it. */
const buildFormSchema = z.unknown().meta({
  description:
    'The zip of the web build in `build` (index.html at its top or in its one folder), after the optional fields `aspectRatio` and `crossOriginIsolated`',
  type: 'object',
  properties: {
    aspectRatio: { type: 'string', enum: ['16:9', '4:3', '3:2', '1:1', '3:4', '9:16'], default: '16:9' },
    crossOriginIsolated: { type: 'string', enum: ['true', 'false', 'on'], default: 'false' },
    build: { type: 'string', format: 'binary' },
  },
  required: ['build'],
});

export const buildsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, options) => {
  const { config, database, accounts } = options;
  const { db } = database;
  const rules: BuildRules = { limits: config.games.limits, quotaBytes: config.games.quotaBytes };
  const files = createBuildStorage(config);
  const urls = gameUrlsFor(config);
  await buildReviewRoutes(app, options, urls);
  await app.register(multipart, {
    limits: { fileSize: rules.limits.uploadBytes, files: 1, fields: 2, fieldSize: 100, parts: 3, fieldNameSize: 100, headerPairs: 100 },
  });

  const uploadSchema = {
    summary: "Uploads a new version of a game's web build (its maker only): checked, unpacked and kept, pending review",
    consumes: ['multipart/form-data'],
    params: gameIdParamsSchema,
    body: buildFormSchema,
    response: { 201: gameBuildSchema, ...signedInErrors, ...errorResponses(413) },
  };
  app.post('/games/:id/builds', { schema: uploadSchema }, async (request, reply) => {
    const actor = await accounts.sessions.requireUser(request);
    const gameId = request.params.id;
    await startBuildUpload(db, actor, gameId, rules);
    if (!request.isMultipart()) throw invalidArgument('Send the build as multipart/form-data in a field named build.');
    if (Number(request.headers['content-length'] ?? 0) > rules.limits.uploadBytes + MB) {
      reply.header('connection', 'close');
      return sendError(reply, 'invalid-argument', tooLarge(rules).message, 413);
    }
    // Whatever happens, the zip and its unpacked files are gone before the answer leaves.
    const workspace = await files.workspace();
    const outcome = await receiveAndKeep(workspace).finally(() => workspace.discard());
    if (outcome instanceof BuildRefused) return sendError(reply, 'invalid-argument', outcome.message, outcome.tooLarge ? 413 : 400);
    return reply.status(201).header('cache-control', 'no-store').send(outcome);

    async function receiveAndKeep(workspace: { zip: string; unpacked: string }) {
      try {
        const received = await receiveZip(request, workspace.zip);
        if (!received) return tooLarge(rules);
        const checked = await checkAndUnpackBuild(workspace.zip, workspace.unpacked, rules.limits);
        return await keepBuild(db, files, urls, actor, gameId, workspace.unpacked, checked, received.options, rules);
      } catch (error) {
        if (error instanceof BuildRefused) return error;
        throw error;
      }
    }
  });

  app.get(
    '/games/:id/builds',
    {
      schema: {
        summary: "Every version of a game's web build, newest first, with preview addresses (its maker and moderators)",
        params: gameIdParamsSchema,
        response: { 200: gameBuildListSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = await accounts.sessions.requireUser(request);
      const builds = await listBuilds(db, urls, actor, request.params.id);
      return reply.header('cache-control', 'private, no-store').send({ builds });
    },
  );

  app.get(
    '/games/:id/build',
    {
      schema: {
        summary:
          'The web build that plays on a listed game’s page (the approved version last approved or chosen by its maker); 404 when it has none',
        params: gameIdParamsSchema,
        response: { 200: gameBuildSchema, ...errorResponses(400, 404) },
      },
      config: { publicRead: true },
    },
    async (request, reply) => {
      const build = await listedBuild(db, urls, request.params.id);
      if (!build) return sendError(reply, 'not-found', 'This game has no build that plays in the page.');
      return reply.send(build);
    },
  );
};

/**
 * Streams the `build` part to disk, with the fields sent before it; null when it passed the
 * upload limit (then nothing more is read). The fields are checked before a byte is written.
 */
async function receiveZip(request: FastifyRequest, target: string): Promise<{ options: BuildOptions } | null> {
  const part = await request.file().catch(refuseMalformed);
  if (!part || part.fieldname !== 'build') throw invalidArgument('Send the build in a multipart field named build, after any other field.');
  const options = optionsOf(part.fields);
  await pipeline(part.file, createWriteStream(target, { flags: 'wx' })).catch(refuseMalformed);
  return part.file.truncated ? null : { options };
}

function optionsOf(fields: MultipartFields): BuildOptions {
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (name === 'build') continue;
    if (!field || Array.isArray(field) || field.type !== 'field') throw invalidArgument(`Send ${name} once, as a plain field.`);
    values[name] = field.value;
  }
  const parsed = buildOptionsFieldsSchema.safeParse(values);
  if (!parsed.success) throw invalidArgument(parsed.error.issues[0]!.message);
  return parsed.data;
}

const tooLarge = (rules: BuildRules) =>
  new BuildRefused(`That build is larger than ${Math.round(rules.limits.uploadBytes / MB)} MB, the most a build upload may be.`, true);

/** The multipart parser's own errors carry no status: a body it cannot read is bad input. */
function refuseMalformed(error: unknown): never {
  if (typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number') throw error;
  throw invalidArgument('The upload is not well-formed multipart/form-data. Send the zip in a field named build.');
}
