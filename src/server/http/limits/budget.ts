import type { FastifyReply } from 'fastify';
import type { WindowCount } from './limiter';
import { waitText } from './policies';
import { RetryLater } from './retry-later';

/**
 * Tells the client its budget (`x-ratelimit-limit`, `-remaining`, `-reset`) and, past it,
 * refuses with 429 `resource-exhausted`, Retry-After and `refusal`'s words for how long to wait.
 */
export function enforceBudget(reply: FastifyReply, max: number, { count, ttlMs }: WindowCount, refusal: (wait: string) => string): void {
  const resetSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', Math.max(0, max - count));
  reply.header('x-ratelimit-reset', resetSeconds);
  if (count > max) throw new RetryLater(refusal(waitText(resetSeconds)), resetSeconds);
}
