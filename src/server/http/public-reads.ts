import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Sessions } from '../auth/session';
import { batchedHits } from './limits/batched-hits';
import { enforceBudget } from './limits/budget';
import { countedAddress } from './limits/counted-address';
import type { Limiter } from './limits/limiter';
import { PUBLIC_READ_WINDOW_MS } from './limits/policies';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An anonymous read anyone may embed: any origin may call it (CORS without credentials), and
     * each signed-in member, or else each client address, has a budget of them a minute. `'uncounted'`: any origin, no budget (the
     * probes, which must answer without the database the limiter counts in).
     */
    publicRead?: boolean | 'uncounted';
  }
}

const READS = new Set(['GET', 'HEAD']);
const EXPOSED = 'x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after';

export const PUBLIC_READS_EXCEEDED = (wait: string) =>
  `That is more reads than we answer for one address in a minute. Try again in ${wait}.`;
export const MEMBER_READS_EXCEEDED = (wait: string) =>
  `That is more reads than we answer for one member in a minute. Try again in ${wait}.`;

const isPublicRead = (request: FastifyRequest) => READS.has(request.method) && Boolean(request.routeOptions.config.publicRead);

/** `/api/games/:id` as a pattern a concrete path can be matched against. */
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}$`,
  );

function allowAnyOrigin(reply: FastifyReply) {
  // Never with credentials: a browser then sends no cookie, and the answer is the anonymous one.
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', EXPOSED);
}

const preflightHeadersSchema = z.object({
  'access-control-request-method': z.string().max(20).optional().meta({ description: 'The method the page wants to use' }),
});

export interface PublicReadOptions {
  limiter: Limiter;
  sessions: Sessions;
  perAddressPerMinute: number;
  perMemberPerMinute: number;
  /** The shared demo account: its visitors are many people, so they are counted by address. */
  sharedAccountEmail: string;
}

interface ReadBudget {
  key: string;
  max: number;
  refusal: (wait: string) => string;
}

/**
 * Public reads (routes declared with `config: { publicRead: true }`): any origin may GET them,
 * never with credentials. A signed-in member may make `perMemberPerMinute` of them a minute,
 * wherever they read from (decision 0055); anyone else `perAddressPerMinute` per client address.
 * Counted in the shared limit store so every instance counts together, and written in batches
 * (`batchedHits`): a read from memory must not wait on a database write. Who is signed in comes
 * from the session cache, which the read itself then finds warm. Nothing else under /api
 * answers another origin.
 */
export function registerPublicReads(app: FastifyInstance, options: PublicReadOptions) {
  const publicPatterns: RegExp[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.publicRead) publicPatterns.push(patternOf(route.url));
  });
  const reads = batchedHits(options.limiter);
  app.addHook('onClose', () => reads.flush());

  const memberOf = async (request: FastifyRequest) => {
    // A session that cannot be read now (the database away) counts the read by address instead.
    const actor = await options.sessions.currentUser(request).catch(() => null);
    return actor && actor.email !== options.sharedAccountEmail ? actor : null;
  };

  const budgetOf = async (request: FastifyRequest, addressKey: string): Promise<ReadBudget> => {
    const member = await memberOf(request);
    if (member) return { key: `reads:member:${member.id}`, max: options.perMemberPerMinute, refusal: MEMBER_READS_EXCEEDED };
    return { key: addressKey, max: options.perAddressPerMinute, refusal: PUBLIC_READS_EXCEEDED };
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicRead(request)) return;
    allowAnyOrigin(reply);
    if (request.routeOptions.config.publicRead === 'uncounted') return;
    const addressKey = `reads:address:${countedAddress(request)}`;
    const { key, max, refusal } = await budgetOf(request, addressKey);
    enforceBudget(reply, max, await reads.hit(key, PUBLIC_READ_WINDOW_MS), refusal);
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
