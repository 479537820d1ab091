import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Limiter } from './limiter';

/** @fastify/rate-limit's store interface over the shared limiter: counts hold across instances. */
export function sharedStore(limiter: Limiter) {
  return class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      limiter.hit(key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error as Error),
      );
    }

    child() {
      return new SharedStore();
    }
  };
}

export type LimitCheck = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;

/** The budget, what is left of it and the seconds until it starts again. */
export function setLimitHeaders(reply: FastifyReply, check: LimitCheck & { isAllowed: false }) {
  reply.header('x-ratelimit-limit', check.max);
  reply.header('x-ratelimit-remaining', check.remaining);
  reply.header('x-ratelimit-reset', check.ttlInSeconds);
}
