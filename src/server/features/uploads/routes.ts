import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES, uploadAcceptedTypes } from '../../../shared/uploads';
import type { FeatureOptions } from '../../feature-options';
import { invalidArgument } from '../../http/app-error';
import { sendError } from '../../http/error-handler';
import { errorResponses, signedInErrors } from '../../http/error-responses';
import { createUploadStorage } from '../../storage/create-upload-storage';
import { importUploadFiles } from '../../storage/file-import';
import { uploadsDir } from '../../storage/file-storage';
import { parseServedName } from '../../storage/upload-storage';
import { checkUploadRate, createUpload } from './service';

export const UPLOAD_TOO_LARGE_MESSAGE = `That file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. Choose a smaller image.`;

/**
 * POST /api/uploads (multipart field `file`) and GET /uploads/<id>-<width>.webp. Register
 * without a prefix: the two routes live under different roots.
 */
const variantUrls = z.object({ card: z.string(), page: z.string(), full: z.string() });
const uploadedImageSchema = z.object({
  id: z.string(),
  width: z.number().int().meta({ description: 'Of the original image, after orientation' }),
  height: z.number().int(),
  path: z.string().meta({ description: 'The path to store on a game, screenshot or avatar' }),
  urls: variantUrls,
});

/** multipart/form-data is read by the handler, part by part: this only describes it. */
const imageFormSchema = z.unknown().meta({
  description: `One field, \`file\`: an image (${uploadAcceptedTypes.join(', ')}) of at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  type: 'object',
  properties: { file: { type: 'string', format: 'binary' } },
  required: ['file'],
});

const servedFileSchema = {
  description: 'The image',
  content: { 'image/webp': { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
};

export const uploadsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { config, database, accounts }) => {
  const { db } = database;
  const storage = createUploadStorage(config, database);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 100 },
  });

  const uploadSchema = {
    summary: 'Uploads an image: re-encoded to WebP at each width, answered with its paths',
    consumes: ['multipart/form-data'],
    body: imageFormSchema,
    response: { 201: uploadedImageSchema, ...signedInErrors, ...errorResponses(413) },
  };
  app.post('/api/uploads', { schema: uploadSchema }, async (request, reply) => {
    const actor = await accounts.sessions.requireUser(request);
    await checkUploadRate(db, actor);
    if (!request.isMultipart()) throw invalidArgument('Send the image as multipart/form-data in a field named file.');
    const part = await request.file().catch(refuseMalformed);
    if (!part || part.fieldname !== 'file') throw invalidArgument('Send the image in a multipart field named file.');
    const input = await part.toBuffer().catch((error: unknown) => {
      if (isTooLarge(error)) return null;
      return refuseMalformed(error);
    });
    if (!input) return sendError(reply, 'invalid-argument', UPLOAD_TOO_LARGE_MESSAGE, 413);
    if (input.length === 0) throw invalidArgument('That file is empty. Choose an image.');
    const image = await createUpload(storage, actor, input);
    return reply.status(201).header('cache-control', 'no-store').send(image);
  });

  const fileSchema = {
    summary: 'An uploaded image at one width, `<id>-<width>.webp` (cached for a year)',
    params: z.object({ name: z.string().meta({ examples: ['AbCdEfGhIjKl-480.webp'] }) }),
    response: { 200: servedFileSchema, ...errorResponses(404) },
  };
  app.get('/uploads/:name', { schema: fileSchema }, async (request, reply) => {
    const { name } = request.params;
    const served = parseServedName(name);
    if (!served) return notFound(reply);
    // An image never changes under its name, so the name is its validator on every instance.
    const etag = `"${name}"`;
    if (matchesEtag(request, etag)) {
      if (!(await storage.has(served.id, served.width))) return notFound(reply);
      return withImageCaching(reply, etag).status(304).send();
    }
    const image = await storage.read(served.id, served.width);
    if (!image) return notFound(reply);
    return withImageCaching(reply, etag).header('content-type', 'image/webp').header('content-length', image.size).send(image.body);
  });

  // Anything else under /uploads is a JSON 404, not the web app's not-found page.
  const elseSchema = {
    summary: 'Anything else under /uploads: 404',
    params: z.object({ '*': z.string().meta({ examples: ['not-an-upload.png'] }) }),
    response: errorResponses(404),
  };
  app.get('/uploads/*', { schema: elseSchema }, async (_request, reply) => notFound(reply));

  if (storage.kind === 'database') {
    // Images this instance kept as files before: every instance serves them once copied in.
    app.addHook('onReady', async () => {
      importUploadFiles(db, uploadsDir(config.dataDir)).then(
        (copied) => {
          if (copied > 0) app.log.info({ copied }, `copied uploaded images from ${uploadsDir(config.dataDir)} into the database`);
        },
        (error: unknown) => app.log.warn({ err: error }, 'copying uploaded images from files into the database failed; they stay on disk'),
      );
    });
  }
};

function withImageCaching(reply: FastifyReply, etag: string): FastifyReply {
  return reply
    .header('etag', etag)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff');
}

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function notFound(reply: FastifyReply) {
  return sendError(reply, 'not-found', 'No such image.');
}

const MALFORMED_MESSAGE = 'The upload is not well-formed multipart/form-data. Send the image in a field named file.';

/** The multipart parser's own errors carry no status: a body it cannot read is bad input. */
function refuseMalformed(error: unknown): never {
  if (typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number') throw error;
  throw invalidArgument(MALFORMED_MESSAGE);
}

function isTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}
