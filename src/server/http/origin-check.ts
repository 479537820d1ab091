import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { requestUrlOn } from './request-url';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const FOREIGN_ORIGIN_MESSAGE =
  'This request did not come from a GameSource page, so nothing was changed. Open GameSource itself and try again.';

/**
 * An identity provider posts its answer (OpenID `form_post`) from its own origin. Those
 * answers are bound to the browser that started the sign-in by Better Auth's state cookie and
 * PKCE verifier, so a forged one fails there; nothing else under /api is exempt.
 */
const PROVIDER_CALLBACK = /^\/api\/auth\/callback\/[^/]+$/;

// Parsed as Better Auth is handed it (mount.ts), so `/api/auth/callback/../x` is judged as `/api/auth/x`.
const pathnameOf = (url: string) => requestUrlOn('http://localhost', url).pathname;

const isUnderApi = (path: string | undefined) => path !== undefined && (path === '/api' || path.startsWith('/api/'));

function comesFromSite(request: FastifyRequest, siteOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === siteOrigin;
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * One check for every state-changing request under /api, Better Auth's included: it must come
 * from the site's own origin (its Origin header, or Sec-Fetch-Site when a browser sends no
 * Origin). SameSite=Lax cookies still go with requests from another port of the same host,
 * and body-less or multipart posts need no CORS preflight, so the cookie alone proves nothing.
 */
export function registerOriginCheck(app: FastifyInstance, baseUrl: string): void {
  const siteOrigin = new URL(baseUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = pathnameOf(request.url);
    // The route reached as well as the path: no spelling of a URL slips past.
    if (!isUnderApi(path) && !isUnderApi(request.routeOptions.url)) return;
    if (PROVIDER_CALLBACK.test(path)) return;
    if (!comesFromSite(request, siteOrigin)) throw new AppError('permission-denied', FOREIGN_ORIGIN_MESSAGE);
  });
}
