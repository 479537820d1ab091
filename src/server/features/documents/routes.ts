import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DocumentError,
  invalidDocumentArgument,
  isDocumentPath,
  isPlainObject,
  parseCollectionPath,
  parseDocumentPath,
  preconditionFromQuery,
  validateBatch,
  validateDocumentData,
  validateQuery,
  validateTransforms,
  validateWrite,
} from '../../../shared/documents';
import type { FeatureOptions } from '../../feature-options';
import { AppError } from '../../http/app-error';
import { documentEventRule, documentTopicRule } from './live-access';
import {
  batchAnswerSchema,
  batchBodySchema,
  dataBodySchema,
  documentAnswerSchema,
  documentErrors,
  listQuerySchema,
  preconditionQuerySchema,
  queryAnswerSchema,
  queryBodySchema,
  setBodySchema,
  storePathParamsSchema,
} from './schemas';
import { addDocument, commitWrites, getDocument, runQuery } from './service';

const PREFIX = '/api/documents/';
/** One document (1 MiB) plus its JSON envelope (a query's values too); larger bodies are refused before parsing. */
const SINGLE_BODY_LIMIT = 2 * 1024 * 1024;
const BATCH_BODY_LIMIT = 10 * 1024 * 1024;

/** The store path from the raw URL, each segment percent-decoded on its own (so ids may hold "%2F"). */
function pathOf(request: FastifyRequest): string {
  const raw = request.url.split('?')[0]!.slice(PREFIX.length);
  try {
    return raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    throw invalidDocumentArgument('The path is not a valid percent-encoded URL path');
  }
}

/** The shared module's refusals become the API's `{ error: { code, message } }`. */
async function answer<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DocumentError) throw new AppError(error.code, error.message);
    throw error;
  }
}

const bodyOf = (request: FastifyRequest) => (isPlainObject(request.body) ? request.body : {});

function listQuery(request: FastifyRequest) {
  const { limit, startAfter } = request.query as Record<string, string | undefined>;
  return validateQuery({
    ...(limit !== undefined ? { limit: Number(limit) } : {}),
    ...(startAfter !== undefined ? { orderBy: [], startAfter: [startAfter] } : {}),
  });
}

export const documentsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, live }) => {
  const { db } = database;
  live.access.setPathTopicRule(documentTopicRule(db));
  live.access.setPathEventRule(documentEventRule);
  // The store refuses NUL in paths and text itself, naming the field, as the browser's copy of its
  // rules does; and "__proto__" as the reserved field name it is, not as malformed JSON.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, checksOwnText: true, checksOwnKeys: true };
  });
  const actorOf = async (request: FastifyRequest) => {
    const actor = await accounts.sessions.currentUser(request);
    return actor ? { id: actor.id, suspension: actor.suspension } : null;
  };

  /** PUT, PATCH and DELETE write one document, on the precondition their URL may give. */
  const writeOne = async (request: FastifyRequest, write: Record<string, unknown>) => {
    const precondition = preconditionFromQuery(request.query as Record<string, unknown>);
    const valid = validateWrite({ ...write, path: pathOf(request), precondition });
    const [result] = await commitWrites(db, await actorOf(request), [valid]);
    return result;
  };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // A document path answers the document; a collection path lists it by id (?limit, ?startAfter=<id>).
  const params = storePathParamsSchema;
  const oneDocument = { 200: documentAnswerSchema, ...documentErrors };
  const getSchema = {
    summary: 'A document path answers the document; a collection path lists it by id (?limit, ?startAfter=<id>)',
    params,
    querystring: listQuerySchema,
    response: { 200: z.union([documentAnswerSchema, queryAnswerSchema]), ...documentErrors },
  };
  app.get('/documents/*', { schema: getSchema }, (request) =>
    answer(async () => {
      const path = pathOf(request);
      if (isDocumentPath(path)) return getDocument(db, await actorOf(request), parseDocumentPath(path).path);
      return runQuery(db, await actorOf(request), parseCollectionPath(path), listQuery(request));
    }),
  );

  const querySchema = {
    summary: 'Runs a query on one collection: filters, order, limit and a cursor',
    body: queryBodySchema,
    response: { 200: queryAnswerSchema, ...documentErrors },
  };
  app.post('/documents::query', { bodyLimit: SINGLE_BODY_LIMIT, schema: querySchema }, (request) =>
    answer(async () => {
      const { collection, query } = bodyOf(request);
      parseCollectionPath(collection as string);
      return runQuery(db, await actorOf(request), collection as string, validateQuery(query ?? {}));
    }),
  );

  const setSchema = {
    summary: 'Sets a document (creates or replaces it; merge keeps the fields not named)',
    params,
    querystring: preconditionQuerySchema,
    body: setBodySchema,
    response: oneDocument,
  };
  app.put('/documents/*', { bodyLimit: SINGLE_BODY_LIMIT, schema: setSchema }, (request) =>
    answer(() => {
      const { data, merge, mergeFields, transforms } = bodyOf(request);
      return writeOne(request, { op: 'set', data, merge, mergeFields, transforms });
    }),
  );

  const updateSchema = {
    summary: 'Updates fields of a document that exists (dotted paths reach into maps)',
    params,
    querystring: preconditionQuerySchema,
    body: dataBodySchema,
    response: oneDocument,
  };
  app.patch('/documents/*', { bodyLimit: SINGLE_BODY_LIMIT, schema: updateSchema }, (request) =>
    answer(() => {
      const { data, transforms } = bodyOf(request);
      return writeOne(request, { op: 'update', data, transforms });
    }),
  );

  const deleteSchema = {
    summary: 'Deletes a document (its subcollections stay)',
    params,
    querystring: preconditionQuerySchema,
    response: oneDocument,
  };
  app.delete('/documents/*', { schema: deleteSchema }, (request) => answer(() => writeOne(request, { op: 'delete' })));

  // POST to a collection adds a document with a server-made id.
  const addSchema = {
    summary: 'Adds a document with a server-made id to a collection',
    params,
    body: dataBodySchema,
    response: { 201: documentAnswerSchema, ...documentErrors },
  };
  app.post('/documents/*', { bodyLimit: SINGLE_BODY_LIMIT, schema: addSchema }, (request, reply) =>
    answer(async () => {
      const collection = parseCollectionPath(pathOf(request));
      const { data, transforms } = bodyOf(request);
      validateDocumentData(data);
      const result = await addDocument(db, await actorOf(request), collection, data, validateTransforms(transforms));
      return reply.status(201).send(result);
    }),
  );

  const batchSchema = {
    summary: 'Commits up to 500 writes at once, all or none (a transaction)',
    body: batchBodySchema,
    response: { 200: batchAnswerSchema, ...documentErrors },
  };
  app.post('/documents::batch', { bodyLimit: BATCH_BODY_LIMIT, schema: batchSchema }, (request) =>
    answer(async () => {
      const writes = validateBatch(bodyOf(request).writes);
      const results = await commitWrites(db, await actorOf(request), writes);
      return { results };
    }),
  );
};
