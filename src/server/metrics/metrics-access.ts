import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { FORWARDING_HEADERS, hostNameOf, isLoopbackAddress, isLoopbackName } from '../http/loopback';

/** allowed: answer; hidden: as if there were no such page; needs-token: 401. */
export type MetricsAccess = 'allowed' | 'hidden' | 'needs-token';

/**
 * Whether the client, as the app sees it (`request.ip`, which TRUST_PROXY governs), is on this
 * machine. A forwarding header the app did not take the address from means a proxy passed on
 * someone else's request, and a Host that is not a loopback name may be a DNS-rebinding page.
 */
function fromLoopback(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.ip)) return false;
  const host = hostNameOf(request.headers.host);
  if (host === undefined || !isLoopbackName(host)) return false;
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  const addressFromTrustedProxy = (request.ips?.length ?? 0) > 1;
  return !forwarded || addressFromTrustedProxy;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests of equal length, in constant time: the answer's timing says nothing of the token. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/** Loopback clients may always read the metrics; others only with `METRICS_TOKEN` as a bearer token. */
export function metricsAccess(request: FastifyRequest, token: string | undefined): MetricsAccess {
  if (fromLoopback(request)) return 'allowed';
  if (token === undefined) return 'hidden';
  return bearerMatches(request.headers.authorization, token) ? 'allowed' : 'needs-token';
}
