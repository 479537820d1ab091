import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { POSSIBLY_STALE_HEADER } from '../../shared/possibly-stale';
import { SERVER_STATE_ID, type RenderedScreen, type RenderScreen } from '../../shared/server-render';
import { requestUrlOn } from '../http/request-url';

/** Renders the page's first screen for this visitor, or undefined for the loading screen. */
export type ScreenRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<RenderedScreen | undefined>;

/** Past this, the visitor gets the loading screen at once and the browser asks for the data itself. */
const RENDER_BUDGET_MS = 1_500;

/** The visitor's headers that the app's own API requests go with. */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'] as const;

/** The web app's server renderer sits beside its build: dist/web-ssr next to dist/web. */
export const rendererFile = (webDist: string) => path.join(path.dirname(webDist), 'web-ssr', 'render-on-server.js');

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * One of the app's GET requests, answered by this server's own routes without a socket: the
 * same session, limits, authorisation and logs as when the browser asks. A refreshed session
 * cookie is passed on to the page's answer.
 */
async function answerInProcess(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, apiPath: string, init: RequestInit) {
  if ((init.method ?? 'GET') !== 'GET' || !apiPath.startsWith('/api/')) {
    throw new Error(`A server render may only read the API, not ${init.method ?? 'GET'} ${apiPath}`);
  }
  const answer = await app.inject({ method: 'GET', url: apiPath, headers: forwardedHeaders(request), remoteAddress: request.ip });
  const setCookie = answer.headers['set-cookie'];
  if (setCookie) reply.header('set-cookie', setCookie);
  return new Response(answer.body, {
    status: answer.statusCode,
    headers: {
      'content-type': String(answer.headers['content-type'] ?? 'application/json'),
      // The renderer leaves a page with a possibly stale answer to the browser, which then shows so (decision 0056).
      ...(answer.headers[POSSIBLY_STALE_HEADER] !== undefined && {
        [POSSIBLY_STALE_HEADER]: String(answer.headers[POSSIBLY_STALE_HEADER]),
      }),
    },
  });
}

const withinBudget = <T>(work: Promise<T | undefined>) => Promise.race([work, sleep(RENDER_BUDGET_MS, undefined, { ref: false })]);

/**
 * Starts loading the built renderer (half a megabyte: not on the way to listening) and answers
 * the renderer that waits for it; without it (a build without `--ssr`) every page keeps its
 * loading screen.
 */
export function loadScreenRenderer(
  app: FastifyInstance,
  webDist: string,
  { baseUrl, publicCatalogue, liveCursor }: { baseUrl: string; publicCatalogue: boolean; liveCursor: () => string | undefined },
): ScreenRenderer | undefined {
  const file = rendererFile(webDist);
  if (!existsSync(file)) return undefined;
  const loaded = import(pathToFileURL(file).href) as Promise<{ renderScreen: RenderScreen }>;
  // A failure to load is logged by each render that needed it, not left unhandled meanwhile.
  loaded.catch(() => undefined);
  const siteOrigin = new URL(baseUrl).origin;
  return (request, reply) => {
    // On the site's own origin, not the Host header's: a client chooses that, and one that names
    // no valid host made the render throw.
    const url = requestUrlOn(siteOrigin, request.url).href;
    const fetchApi = (apiPath: string, init: RequestInit) => answerInProcess(app, request, reply, apiPath, init);
    // Taken before any answer is read: a change after it reaches the page through its first stream.
    const cursor = liveCursor();
    const rendering = loaded
      .then(({ renderScreen }) => renderScreen({ url, publicCatalogue, fetchApi, liveCursor: cursor }))
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'The first screen could not be rendered on the server; the browser renders it');
        return undefined;
      });
    return withinBudget(rendering);
  };
}

const ROOT = /<div id="root">[\s\S]*?<!--\/boot-->\s*<\/div>/;

/** The page with the rendered screen in `#root`, in place of the loading screen, and its state beside it. */
export function withRenderedScreen(html: string, rendered: RenderedScreen): string {
  const state = `<script type="application/json" id="${SERVER_STATE_ID}">${rendered.state}</script>`;
  return html.replace(ROOT, () => `<div id="root">${rendered.html}</div>${state}`);
}
