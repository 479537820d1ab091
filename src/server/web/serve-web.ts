import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findAppRoute } from '../../shared/routes';
import { sendError } from '../http/error-handler';
import { routePreloads } from './route-preloads';

const HASHED_ASSET = /\/assets\//;

function cacheControlFor(filePath: string): string {
  return HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/** The page for one request: index.html with extra tags at the end of its head. */
function pageHtml(indexHtml: string, headTags: string): string {
  return indexHtml.replace('</head>', `${headTags}</head>`);
}

/**
 * Serves the built single-page app: files as they are, known routes with index.html (200),
 * any other path with index.html too but status 404 so the not-found screen is honest.
 */
export async function serveWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const preloads = routePreloads(webDist);

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      // The build writes .br and .gz next to each text asset (scripts/precompress-web.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(pathname) || !isPageRequest) {
      return sendError(reply, 'not-found', `No endpoint at ${request.method} ${pathname}`);
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built yet: run `npm run build` (or `npm start`).');
    }
    const route = findAppRoute(pathname);
    return reply
      .status(route ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageHtml(indexHtml, preloads.tagsFor(route)));
  });
}
