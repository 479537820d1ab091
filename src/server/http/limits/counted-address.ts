import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { invalidArgument } from '../app-error';

export const CONNECTION_GONE = 'The connection closed before the request could be answered.';

/**
 * The client address every per-address limit counts against: an IPv4-mapped address as IPv4,
 * an IPv6 /64 as one. Once the connection has closed Node forgets the peer and `request.ip` is
 * undefined: no one is left to answer, so nothing is counted and no work is done (never a 500).
 */
export function countedAddress(request: Pick<FastifyRequest, 'ip'>): string {
  const ip = request.ip as string | undefined;
  if (ip === undefined) throw invalidArgument(CONNECTION_GONE);
  return normalizeIP(ip);
}
