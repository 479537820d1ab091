import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

export const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** 127.0.0.0/8 and ::1, also as an IPv4-mapped IPv6 address (a dual-stack socket's view of 127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(ipv4) === 4) return ipv4.startsWith('127.');
  return address === '::1';
}

/** A host name (a HOST setting, or a Host header without its port) that only ever means this machine. */
export function isLoopbackName(name: string): boolean {
  const host = name.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}

/** The Host header without its port; undefined when there is none. */
export function hostNameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const bracketed = /^(\[[^\]]*\])(?::\d+)?$/.exec(host);
  if (bracketed) return bracketed[1];
  return host.replace(/:\d+$/, '');
}

/**
 * Whether a request was made on this machine, by someone on it: the socket's own peer is
 * loopback (never `request.ip`, which TRUST_PROXY lets a client's header choose), no proxy
 * says it forwarded it (a reverse proxy on this machine connects from loopback on behalf of
 * anyone), and the Host names this machine (a DNS-rebinding page would send its own name).
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const host = hostNameOf(request.headers.host);
  return host !== undefined && isLoopbackName(host);
}
