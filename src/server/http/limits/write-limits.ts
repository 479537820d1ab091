import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Sessions } from '../../auth/session';
import type { PeriodicJobs } from '../../jobs/periodic-jobs';
import type { Limiter } from './limiter';
import { LIMIT_CLEAN_UP_EVERY_MS, WRITE_WINDOW_MS, waitText } from './policies';
import { RetryLater } from './retry-later';
import { setLimitHeaders, sharedStore, type LimitCheck } from './shared-store';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes sent as POST that only read. Better Auth's own routes have their own limits. */
const UNCOUNTED_ROUTES = new Set(['/api/documents::query', '/api/auth/*']);

/** A state-changing request to one of our /api routes, judged by the route it matched. */
export function isCountedWrite(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return !READ_METHODS.has(request.method) && route !== undefined && route.startsWith('/api/') && !UNCOUNTED_ROUTES.has(route);
}

/** Sets the plugin's headers; past the budget, refuses with 429 `resource-exhausted` and Retry-After. */
function enforce(reply: FastifyReply, check: LimitCheck) {
  if (check.isAllowed) return;
  setLimitHeaders(reply, check);
  if (!check.isExceeded) return;
  const wait = Math.max(1, check.ttlInSeconds);
  throw new RetryLater(`That is more changes than we accept in a minute. Try again in ${waitText(wait)}.`, wait);
}

export interface WriteLimitOptions {
  limiter: Limiter;
  sessions: Sessions;
  perUserPerMinute: number;
  perAddressPerMinute: number;
  /** The shared demo account: its visitors are many people, so only their addresses are counted. */
  sharedAccountEmail: string;
  jobs: PeriodicJobs;
}

/**
 * Every write under /api (outside /api/auth) counts against two budgets a minute, through
 * @fastify/rate-limit with the shared store: the client address's, then the signed-in user's
 * (but for the shared demo account).
 * Checked when the request arrives, before its body is read.
 */
export async function registerWriteLimits(app: FastifyInstance, options: WriteLimitOptions) {
  const { limiter, sessions } = options;
  await app.register(rateLimit, { global: false, store: sharedStore(limiter), timeWindow: WRITE_WINDOW_MS });
  const userIds = new WeakMap<FastifyRequest, string>();
  const byAddress = app.createRateLimit({
    max: options.perAddressPerMinute,
    keyGenerator: (request) => `writes:address:${normalizeIP(request.ip)}`,
  });
  const byUser = app.createRateLimit({
    max: options.perUserPerMinute,
    keyGenerator: (request) => `writes:user:${userIds.get(request)}`,
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isCountedWrite(request)) return;
    enforce(reply, await byAddress(request));
    const actor = await sessions.currentUser(request);
    if (!actor || actor.email === options.sharedAccountEmail) return;
    userIds.set(request, actor.id);
    enforce(reply, await byUser(request));
  });

  options.jobs.schedule(app, { name: 'removed expired limit counters', everyMs: LIMIT_CLEAN_UP_EVERY_MS, run: limiter.cleanUp });
}
