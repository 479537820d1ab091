import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOutbox } from '../../auth/messages/outbox';
import { errorResponses } from '../../http/error-responses';
import type { FeatureOptions } from '../../feature-options';
import { isFromThisMachine } from '../../http/loopback';
import { renderOutboxPage } from './outbox-page';

// The database refuses a NUL byte in text (a 500); no address or number holds a control character.
const CONTROL_CHARACTER = /\p{Cc}/u;

const outboxQuerySchema = z.object({
  to: z
    .string()
    .max(320)
    .refine((to) => !CONTROL_CHARACTER.test(to), 'to must be an address or a phone number, without control characters')
    .optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1, 'limit must be 1 or more').max(200, 'limit must be at most 200').default(50),
});

/**
 * The local outbox, outside production only, and only to the machine it runs on: it holds
 * everyone's sign-in links and codes (decision 0022). Anyone else gets the ordinary 404, before
 * the query is even looked at.
 */
const outboxSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      channel: z.enum(['email', 'sms']),
      to: z.string(),
      subject: z.string().nullable(),
      text: z.string(),
      html: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

export const devRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isFromThisMachine(request)) return reply.callNotFound();
  });
  // Messages go out after their request is answered: a reader sees every one sent before it asked.
  const read = async (query: z.infer<typeof outboxQuerySchema>) => {
    await accounts.messenger.settled();
    return readOutbox(database.db, query);
  };

  const outboxSummary = 'Outside production, to this machine only: messages that would have been sent (newest first)';
  app.get('/api/dev/outbox', { schema: { summary: outboxSummary, querystring: outboxQuerySchema, response: { 200: outboxSchema, ...errorResponses(400, 404) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { items: await read(request.query) };
  });

  // A page for people, not part of the API.
  app.get('/dev/outbox', { schema: { hide: true, querystring: outboxQuerySchema } }, async (request, reply) => {
    const items = await read(request.query);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderOutboxPage(items));
  });
};
