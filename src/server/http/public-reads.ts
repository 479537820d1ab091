import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { batchedHits } from './limits/batched-hits';
import { enforceBudget } from './limits/budget';
import { PUBLIC_READ_WINDOW_MS } from './limits/policies';
import type { Limiter } from './limits/limiter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An anonymous read anyone may embed: any origin may call it (CORS without credentials), and
     * each client address has a budget of them a minute. `'uncounted'`: any origin, no budget (the
     * probes, which must answer without the database the limiter counts in).
     */
    publicRead?: boolean | 'uncounted';
  }
}

const READS = new Set(['GET', 'HEAD']);
const EXPOSED = 'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after';

export const PUBLIC_READS_EXCEEDED = (wait: string) =>
  `That is more reads than we answer for one address in a minute. Try again in ${wait}.`;

const isPublicRead = (request: FastifyRequest) => READS.has(request.method) && Boolean(request.routeOptions.config.publicRead);

/** `/api/games/:id` as a pattern a concrete path can be matched against. */
const patternOf = (url: string) =>
  new RegExp(`^${url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);

function allowAnyOrigin(reply: FastifyReply) {
  // Never with credentials: a browser then sends no cookie, and the answer is the anonymous one.
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', EXPOSED);
}

const preflightHeadersSchema = z.object({
  'access-control-request-method': z.string().max(20).optional().meta({ description: 'The method the page wants to use' }),
});

/**
 * Public reads (routes declared with `config: { publicRead: true }`): any origin may GET them,
 * never with credentials, and each client address may make `perMinute` of them a minute,
 * counted in the shared limit store so every instance counts together. The count is written in
 * batches (`batchedHits`): a read from memory must not wait on a database write. Nothing else
 * under /api answers another origin.
 */
export function registerPublicReads(app: FastifyInstance, { limiter, perMinute }: { limiter: Limiter; perMinute: number }) {
  const publicPatterns: RegExp[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.publicRead) publicPatterns.push(patternOf(route.url));
  });
  const reads = batchedHits(limiter);
  app.addHook('onClose', () => reads.flush());

  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicRead(request)) return;
    allowAnyOrigin(reply);
    if (request.routeOptions.config.publicRead === 'uncounted') return;
    enforceBudget(reply, perMinute, await reads.hit(`reads:address:${normalizeIP(request.ip)}`, PUBLIC_READ_WINDOW_MS), PUBLIC_READS_EXCEEDED);
  });

  // A page on another origin asks first only when it sends more than a simple GET would.
  app.options(
    '/api/*',
    {
      schema: {
        summary: 'CORS preflight: allowed (GET, HEAD, any origin, no credentials) on public reads only',
        headers: preflightHeadersSchema,
        response: { 204: z.null().meta({ description: 'No content; the CORS headers are the answer' }) },
      },
    },
    async (request, reply) => {
      const path = request.url.split('?')[0]!;
      const wanted = request.headers['access-control-request-method']?.toUpperCase();
      if (wanted && READS.has(wanted) && publicPatterns.some((pattern) => pattern.test(path))) {
        allowAnyOrigin(reply);
        reply.header('access-control-allow-methods', 'GET, HEAD');
        reply.header('access-control-max-age', '600');
      }
      return reply.status(204).send();
    },
  );
}
