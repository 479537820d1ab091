import { z } from 'zod';
import { cursorNames, MAX_FILTERS, MAX_ORDER_BY, MAX_QUERY_LIMIT, queryOperators } from '../../../shared/documents/query';
import { MAX_BATCH_WRITES } from '../../../shared/documents/writes';
import { errorResponses } from '../../http/error-responses';

// The document store's contract. Answers are checked against these schemas on the way out.
// Requests are only *described* by them: the shared validator (the one the browser's copy uses
// too) refuses bad input with the messages the spec fixes, so the route must let every body reach
// it (decision 0032).

const dataSchema = z
  .record(z.string(), z.unknown())
  .meta({ description: 'Fields as tagged JSON: timestamps, geo points and bytes as {"__timestamp__": ...} and the like' });
const timeSchema = z.string().meta({ description: 'ISO 8601, microseconds', examples: ['2026-01-02T03:04:05.678901Z'] });

export const documentAnswerSchema = z.object({
  path: z.string(),
  id: z.string(),
  exists: z.boolean(),
  data: dataSchema.nullable(),
  createTime: timeSchema.nullable(),
  updateTime: timeSchema.nullable(),
});

export const queryAnswerSchema = z.object({
  documents: z.array(z.object({ path: z.string(), id: z.string(), data: dataSchema, createTime: timeSchema, updateTime: timeSchema })),
  hasMore: z.boolean().meta({ description: 'More documents match beyond this page (continue with startAfter)' }),
});

export const batchAnswerSchema = z.object({ results: z.array(documentAnswerSchema) });

/** Every refusal the store answers: bad input, not signed in, denied by the rules, a failed precondition, too many writes. */
export const documentErrors = errorResponses(400, 401, 403, 404, 409, 412, 413, 429);

/** A schema that accepts anything and documents `shape`: validation stays with the store. */
function describedBy(shape: z.ZodType) {
  const jsonSchema: Record<string, unknown> = { ...z.toJSONSchema(shape, { io: 'input' }) };
  delete jsonSchema.$schema; // the document names its own dialect
  return z.unknown().meta(jsonSchema);
}

export const storePathParamsSchema = z.object({
  '*': z.string().meta({
    description: 'A document path (collection/id/collection/id...) or a collection path; each segment percent-encoded',
    examples: ['diagnostics/<your user id>/checks/first'],
  }),
});

export const listQuerySchema = describedBy(
  z.object({
    limit: z.string().optional().meta({ description: 'At most this many documents (a collection path)' }),
    startAfter: z.string().optional().meta({ description: 'Continue after this document id' }),
  }),
);

export const preconditionQuerySchema = describedBy(
  z.object({
    'currentDocument.exists': z.literal('false').optional().meta({ description: 'Write only if the document does not exist' }),
    'currentDocument.updateTime': timeSchema.optional().meta({ description: 'Write only if the document was last written then' }),
  }),
);

const transformsSchema = z
  .array(
    z.union([
      z.object({ field: z.string(), op: z.enum(['serverTimestamp', 'delete']) }),
      z.object({ field: z.string(), op: z.literal('increment'), value: z.unknown() }),
      z.object({ field: z.string(), op: z.enum(['arrayUnion', 'arrayRemove']), values: z.array(z.unknown()) }),
    ]),
  )
  .optional()
  .meta({ description: 'Applied by the server, in order, to the document as it is when the write commits (dotted field paths)' });
const mergeFieldsSchema = z.array(z.string()).optional().meta({ description: 'Change only these field paths (not with merge)' });

export const setBodySchema = describedBy(
  z.object({
    data: dataSchema,
    merge: z.boolean().optional().meta({ description: 'Keep fields not named in data' }),
    mergeFields: mergeFieldsSchema,
    transforms: transformsSchema,
  }),
);
export const dataBodySchema = describedBy(z.object({ data: dataSchema, transforms: transformsSchema }));

export const queryBodySchema = describedBy(
  z.object({
    collection: z.string().meta({ examples: ['users/<your user id>/notes'] }),
    query: z
      .object({
        where: z
          .array(
            z.union([
              z.object({
                field: z.string().meta({ description: 'A dotted field path, or __name__ for the document id' }),
                op: z.enum(queryOperators),
                value: z.unknown(),
              }),
              z.object({ op: z.enum(['or', 'and']), filters: z.array(z.unknown()).meta({ description: 'Field or composite filters' }) }),
            ]),
          )
          .max(MAX_FILTERS)
          .optional(),
        orderBy: z
          .array(z.object({ field: z.string(), direction: z.enum(['asc', 'desc']) }))
          .max(MAX_ORDER_BY)
          .optional(),
        limit: z.number().int().min(1).max(MAX_QUERY_LIMIT).optional(),
        limitToLast: z.number().int().min(1).max(MAX_QUERY_LIMIT).optional(),
        ...Object.fromEntries(
          cursorNames.map((name) => [
            name,
            z
              .array(z.unknown())
              .optional()
              .meta({ description: 'A cursor: values of the order (orderBy, then inequality fields), then optionally a document id' }),
          ]),
        ),
      })
      .optional(),
  }),
);

export const batchBodySchema = describedBy(
  z.object({
    writes: z
      .array(
        z.object({
          op: z.enum(['set', 'update', 'delete', 'verify']),
          path: z.string(),
          data: dataSchema.optional(),
          merge: z.boolean().optional(),
          mergeFields: mergeFieldsSchema,
          transforms: transformsSchema,
          precondition: z.union([z.object({ exists: z.literal(false) }), z.object({ updateTime: timeSchema })]).optional(),
        }),
      )
      .min(1)
      .max(MAX_BATCH_WRITES),
  }),
);
