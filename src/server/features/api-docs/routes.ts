import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureOptions } from '../../feature-options';
import { renderDocsPage, type OpenApiDocument } from './docs-page';

const openApiDocumentSchema = z
  .object({ openapi: z.string(), info: z.object({ title: z.string() }).loose(), paths: z.record(z.string(), z.unknown()) })
  .loose()
  .meta({ description: 'An OpenAPI 3.1 document' });

/** GET /api/openapi.json (this API as OpenAPI 3.1) and GET /api/docs (the same, as a page to read). */
export const apiDocsRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app) => {
  let document: OpenApiDocument | undefined;
  // Built once, on first use: every route is registered by then.
  const documentOnce = () => (document ??= app.swagger() as OpenApiDocument);

  app.get(
    '/openapi.json',
    { schema: { summary: 'This API as an OpenAPI 3.1 document', response: { 200: openApiDocumentSchema } }, config: { publicRead: true } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return documentOnce();
    },
  );

  app.get(
    '/docs',
    {
      schema: {
        summary: 'This API as a page to read: every operation, its parameters and answers',
        response: { 200: { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } } },
      },
      config: { publicRead: true },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return reply.type('text/html; charset=utf-8').send(renderDocsPage(documentOnce()));
    },
  );
};
