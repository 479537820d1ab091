import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { readCookie } from '../../auth/session-cookie';
import { isFromThisMachine } from '../../http/loopback';

export const OUTBOX_PAGE_PATH = '/dev/outbox';
/** Set by the token link; sent back only to the outbox page (its path), never to the app. */
export const OUTBOX_COOKIE = 'gs_outbox';

/**
 * hidden: as if there were no such page (not this machine); needs-token: 401; allowed: answer;
 * token-link: the page opened with `?token=` right: keep it in a cookie and drop it from the address.
 */
export type OutboxAccess = 'hidden' | 'needs-token' | 'allowed' | 'token-link';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests of equal length, in constant time: the answer's timing says nothing of the token. */
const matches = (presented: string | undefined, token: string) =>
  presented !== undefined && timingSafeEqual(digest(presented), digest(token));

const bearerOf = (authorization: string | undefined) => /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];

const queryTokenOf = (request: FastifyRequest) => {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
};

/**
 * The outbox answers a request from this machine (decision 0022) that also carries the token
 * made at start (decision 0053): as a bearer token (scripts), in the outbox cookie (a browser
 * that opened the link), or as `?token=` (the link itself).
 */
export function outboxAccess(request: FastifyRequest, token: string): OutboxAccess {
  if (!isFromThisMachine(request)) return 'hidden';
  if (matches(bearerOf(request.headers.authorization), token)) return 'allowed';
  const inLink = queryTokenOf(request);
  if (inLink !== undefined) return matches(inLink, token) ? 'token-link' : 'needs-token';
  return matches(readCookie(request.headers.cookie, OUTBOX_COOKIE), token) ? 'allowed' : 'needs-token';
}

/** The outbox cookie for `token`: HttpOnly, this path only, same site only, gone when the browser closes. */
export const outboxCookie = (token: string) => `${OUTBOX_COOKIE}=${token}; Path=${OUTBOX_PAGE_PATH}; HttpOnly; SameSite=Strict`;

/** Where the token link goes once the cookie is set: the same address without the token. */
export function withoutToken(url: string): string {
  const [pathname, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.delete('token');
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}
