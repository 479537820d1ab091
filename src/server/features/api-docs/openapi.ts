import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const description = [
  'The JSON API behind GameSource. Errors answer `{ "error": { "code", "message" } }` with a person-readable message.',
  'Signed-in routes use the session cookie set by signing in; a state-changing request must come from the site itself (its Origin header).',
  'Public reads (marked `x-public-read`) answer any origin, never with credentials, and carry RateLimit headers.',
  "Signing in, signing up and sessions under /api/auth/* are the authentication library's own endpoints and are not described here.",
].join(' ');

/** The Zod schemas as JSON Schema, and public reads marked as such. */
const transform: SwaggerTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  if (!document.route.config?.publicRead || transformed.schema.hide) return transformed;
  return { ...transformed, schema: { ...transformed.schema, 'x-public-read': true } };
};

/**
 * Collects every route registered after it into one OpenAPI 3.1 document, each route's Zod
 * schemas turned into JSON Schema. Register it before the routes.
 */
export async function registerOpenApi(app: FastifyInstance, baseUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'GameSource API', version: '1', description },
      servers: [{ url: baseUrl }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
}
