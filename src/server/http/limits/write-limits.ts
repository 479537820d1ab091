import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Sessions } from '../../auth/session';
import { enforceBudget } from './budget';
import { countedAddress } from './counted-address';
import type { Limiter } from './limiter';
import { WRITE_WINDOW_MS } from './policies';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes sent as POST that only read. Better Auth's own routes have their own limits. */
const UNCOUNTED_ROUTES = new Set(['/api/documents::query', '/api/auth/*']);

/** A state-changing request to one of our /api routes, judged by the route it matched. */
export function isCountedWrite(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return !READ_METHODS.has(request.method) && route !== undefined && route.startsWith('/api/') && !UNCOUNTED_ROUTES.has(route);
}

const WRITES_EXCEEDED = (wait: string) => `That is more changes than we accept in a minute. Try again in ${wait}.`;

export interface WriteLimitOptions {
  limiter: Limiter;
  sessions: Sessions;
  perUserPerMinute: number;
  perAddressPerMinute: number;
  /** The shared demo account: its visitors are many people, so only their addresses are counted. */
  sharedAccountEmail: string;
}

/**
 * Every write under /api (outside /api/auth) counts against two budgets a minute, in the shared
 * limiter and in one statement: the client address's, and the signed-in user's (but for the
 * shared demo account). Checked when the request arrives, before its body is read.
 */
export async function registerWriteLimits(app: FastifyInstance, options: WriteLimitOptions) {
  const { limiter, sessions } = options;
  app.addHook('onRequest', async (request, reply) => {
    if (!isCountedWrite(request)) return;
    const budgets = [{ key: `writes:address:${countedAddress(request)}`, max: options.perAddressPerMinute }];
    const actor = await sessions.currentUser(request);
    if (actor && actor.email !== options.sharedAccountEmail)
      budgets.push({ key: `writes:user:${actor.id}`, max: options.perUserPerMinute });
    const counts = await limiter.hitAll(
      budgets.map((budget) => budget.key),
      WRITE_WINDOW_MS,
    );
    // The user's budget is told last: it is the one a member spends.
    budgets.forEach(({ max }, nth) => enforceBudget(reply, max, counts[nth]!, WRITES_EXCEEDED));
  });
}
