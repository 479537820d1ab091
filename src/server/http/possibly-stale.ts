import type { FastifyReply } from 'fastify';
import { POSSIBLY_STALE_HEADER } from '../../shared/possibly-stale';
import { isDatabaseUnavailable } from '../db/errors';

/**
 * Marks this answer as made from memory during a database outage (decision 0056): the header
 * says since when it may be out of date, and no cache keeps it (the next answer may be fresh).
 * Without a time, it is now: a member's own part was left out just now.
 */
export function markPossiblyStale(reply: FastifyReply): (upToDateAt?: number) => void {
  return (upToDateAt = Date.now()) => {
    const earlier = reply.getHeader(POSSIBLY_STALE_HEADER);
    const since = typeof earlier === 'string' ? Math.min(Date.parse(earlier), upToDateAt) : upToDateAt;
    reply.header(POSSIBLY_STALE_HEADER, new Date(since).toUTCString());
    reply.header('cache-control', 'no-store');
  };
}

/**
 * `work`'s answer, or `fallback` when the database cannot be reached: for the parts of a public
 * answer that only a member's own rows add (hearts, "Not interested"), which an outage leaves
 * out rather than refuse the whole answer. `leftOut` is then told.
 */
export async function unlessUnreachable<T>(work: () => Promise<T>, fallback: T, leftOut: () => void): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    leftOut();
    return fallback;
  }
}
