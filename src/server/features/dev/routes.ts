import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOutbox } from '../../auth/messages/outbox';
import type { FeatureOptions } from '../../feature-options';
import { sendError } from '../../http/error-handler';
import { errorResponses } from '../../http/error-responses';
import { OUTBOX_PAGE_PATH, outboxAccess, outboxCookie, withoutToken } from './outbox-access';
import { renderOutboxLockedPage, renderOutboxPage } from './outbox-page';

// The database refuses a NUL byte in text (a 500); no address or number holds a control character.
const CONTROL_CHARACTER = /\p{Cc}/u;

const outboxQuerySchema = z.object({
  to: z
    .string()
    .max(320)
    .refine((to) => !CONTROL_CHARACTER.test(to), 'to must be an address or a phone number, without control characters')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be 1 or more')
    .max(200, 'limit must be at most 200')
    .default(50),
  token: z.string().max(200).optional().meta({ description: 'The outbox token printed at start (or send it as Authorization: Bearer)' }),
});

export const OUTBOX_NEEDS_TOKEN =
  'The outbox needs the token GameSource printed in its console when it started (the "Local outbox" link): open that link, or send the token as Authorization: Bearer <token>. It changes at every start.';

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

/**
 * The local outbox, outside production only, only to the machine it runs on (decision 0022), and
 * only with the token made at start (decision 0053): it holds everyone's sign-in links and codes.
 * Anyone off this machine gets the ordinary 404, before the query is even looked at; on it,
 * without the token, a 401 that says where to find it.
 */
export const devRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { database, accounts, config }) => {
  const token = config.messages.outboxToken;
  app.addHook('onRequest', async (request, reply) => {
    const access = token === undefined ? 'hidden' : outboxAccess(request, token);
    if (access === 'hidden' || token === undefined) return reply.callNotFound();
    const page = request.routeOptions.url === OUTBOX_PAGE_PATH;
    if (access === 'needs-token') {
      reply.header('www-authenticate', 'Bearer realm="outbox"').header('cache-control', 'no-store');
      if (!page) return sendError(reply, 'unauthenticated', OUTBOX_NEEDS_TOKEN);
      const query = request.query as Record<string, unknown>;
      const html = renderOutboxLockedPage({
        to: typeof query.to === 'string' ? query.to : undefined,
        wrongToken: query.token !== undefined,
      });
      return reply.status(401).type('text/html; charset=utf-8').send(html);
    }
    // The link's token goes into a cookie for this page, and out of the address bar and history.
    if (access === 'token-link' && page) {
      return reply.header('set-cookie', outboxCookie(token)).header('cache-control', 'no-store').redirect(withoutToken(request.url), 303);
    }
  });
  // Messages go out after their request is answered: a reader sees every one sent before it asked.
  const read = async (query: z.infer<typeof outboxQuerySchema>) => {
    await accounts.messenger.settled();
    return readOutbox(database.db, query);
  };

  const outboxSummary = 'Outside production, to this machine only: messages that would have been sent (newest first)';
  app.get(
    '/api/dev/outbox',
    {
      schema: { summary: outboxSummary, querystring: outboxQuerySchema, response: { 200: outboxSchema, ...errorResponses(400, 401, 404) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await read(request.query) };
    },
  );

  // A page for people, not part of the API.
  app.get('/dev/outbox', { schema: { hide: true, querystring: outboxQuerySchema } }, async (request, reply) => {
    const items = await read(request.query);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderOutboxPage(items));
  });
};
