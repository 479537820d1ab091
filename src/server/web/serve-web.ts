import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appRoutes, findAppRoute, isGuarded, routePaths, type AppRoute } from '../../shared/routes';
import { genericHead, pageHtml, type PageHead } from '../features/previews/page-head';
import { sendNoEndpoint } from '../http/error-handler';
import { acceptsGzip, gzipWithEnd, plainWithEnd } from '../http/spliced-gzip';
import { createTtlCache } from '../http/ttl-cache';
import { createRenderedPages, type RenderedPage, type SendAhead } from './rendered-pages';
import { routePreloads } from './route-preloads';
import { loadScreenRenderer } from './server-render';

export interface PageDescriptions {
  baseUrl: string;
  /** PUBLIC_CATALOGUE: the app opens the catalogue's screens to visitors (it reads this from the page). */
  publicCatalogue: boolean;
  /** RENDER_FIRST_SCREENS: some pages come with their first screen rendered (server-render.ts). */
  renderFirstScreens: boolean;
  /** RENDER_THREADS: how many threads render first screens beside the main thread (render-threads.ts). */
  renderThreads: number;
  /** RENDER_BUDGET_MS: how long a first screen may take before the loading screen is sent instead. */
  renderBudgetMs: number;
  /** VISITOR_PAGE_CACHE_MS: how long a page made for a visitor without cookies may be sent to others like them. */
  visitorPageCacheMs: number;
  /** Title, description, preview tags and feeds of one page (features/previews). */
  describe(pathname: string, query: URLSearchParams): Promise<PageHead>;
  /** Where this instance's live events stand (a cursor), for a rendered page's first stream to resume from. */
  liveCursor(): string | undefined;
}

/** Read by the app before it builds its routes (src/web/app/public-catalogue.ts). */
const PUBLIC_CATALOGUE_TAG = '<meta name="gamesource:catalogue" content="public">';

const HASHED_ASSET = /\/assets\//;

function cacheControlFor(filePath: string): string {
  return HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * The build's files as they are. Each folder of it (`assets/` and the like, hundreds of files)
 * is one route, a file looked for when asked; the few files beside index.html are a route each,
 * so no other address looks on the disk before it gets its page. A route per file, over a
 * thousand with the compressed copies, took about 70 ms of making each test app's 240 here.
 */
async function serveBuiltFiles(app: FastifyInstance, webDist: string): Promise<void> {
  const folders = readdirSync(webDist, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const options = {
    index: false,
    // The build writes .br and .gz next to each text asset (scripts/precompress-web.mjs), sent for it when asked.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => reply.header('cache-control', cacheControlFor(filePath)),
  } as const;
  await app.register(fastifyStatic, {
    ...options,
    root: webDist,
    wildcard: false,
    globIgnore: ['**/*.br', '**/*.gz', ...folders.map((folder) => `${folder.name}/**`)],
  });
  for (const folder of folders) {
    await app.register(fastifyStatic, {
      ...options,
      root: path.join(webDist, folder.name),
      prefix: `/${folder.name}/`,
      decorateReply: false,
      // A folder is no file: its address gets the not-found page, as any other would.
      allowedPath: (pathname: string) => !pathname.endsWith('/'),
    });
  }
}

/** A page as sent: its status, and its HTML with the loading screen or with its first screen rendered for the visitor. */
type Page = { status: number; html: string; rendered?: undefined } | { status: number; rendered: RenderedPage };

/**
 * How many visitors' pages (50-100 KB each) are kept, the oldest dropped first: a query string
 * makes a URL of its own, so this bounds the memory strangers' URLs can take.
 */
const VISITOR_PAGES_KEPT = 64;

/**
 * Sent no cookie, so nothing in the page can be theirs: every such visitor of a URL gets the same
 * page, and a burst of them (a link shared on a forum) costs one render a second, not one each.
 */
const isCookieless = (request: FastifyRequest) => request.headers.cookie === undefined;

/**
 * Serves the built single-page app: files as they are, known routes with index.html (200),
 * the first screen of some rendered in it for the visitor (server-render.ts), any other path
 * with index.html too but status 404 so the not-found screen is honest.
 */
export async function serveWeb(app: FastifyInstance, webDist: string, pages: PageDescriptions): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const preloads = routePreloads(webDist);
  const renderer = indexHtml && pages.renderFirstScreens ? loadScreenRenderer(app, webDist, pages) : undefined;

  if (indexHtml) await serveBuiltFiles(app, webDist);

  const renderedPagesCount = app.metrics.counter(
    'rendered_pages_total',
    'Pages sent with their first screen rendered, by whether it was kept (decision 0075), rendered for the request, or rendered after waiting for something',
    ['outcome'],
  );
  const renderedPages = createRenderedPages((outcome) => renderedPagesCount.inc({ outcome }));

  /**
   * Whether to read the screen's answers for a render. A visitor with no cookie cannot be signed
   * in: a guarded screen sends them to sign in, so nothing is read for it.
   */
  const mayRender = (request: FastifyRequest, route: AppRoute | undefined): route is AppRoute =>
    route !== undefined && request.method === 'GET' && !(isCookieless(request) && isGuarded(route, pages.publicCatalogue));

  const buildPage = async (request: FastifyRequest, reply: FastifyReply, html: string, sendAhead?: SendAhead): Promise<Page> => {
    const pathname = request.url.split('?')[0] ?? '/';
    const route = findAppRoute(pathname);
    // Taken before any answer is read: a change after it reaches the page through its first stream.
    const liveCursor = pages.liveCursor();
    const [head, answers] = await Promise.all([
      describeOrGeneric(pages, pathname, request.url),
      renderer && mayRender(request, route) ? renderer(request, reply) : undefined,
    ]);
    const withHead = (rendered: boolean) =>
      pageHtml(html, head, pages.baseUrl, `${preloads.tagsFor(route, rendered)}${pages.publicCatalogue ? PUBLIC_CATALOGUE_TAG : ''}`);
    const rendered = answers && (await renderedPages.pageFrom(answers, withHead(true), liveCursor, sendAhead));
    return rendered ? { status: 200, rendered } : { status: route ? 200 : 404, html: withHead(false) };
  };
  const visitorPages = createTtlCache<Page>(pages.visitorPageCacheMs, VISITOR_PAGES_KEPT);

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!indexHtml) {
      return reply.status(503).type('text/plain').send('The web app has not been built yet: run `npm run build` (or `npm start`).');
    }
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    if (isCookieless(request) && request.method === 'GET') {
      return sendWhole(reply, await visitorPages.get(request.url, () => buildPage(request, reply, indexHtml)), gzip);
    }
    // A page to be rendered sends its head at once: the browser fetches the stylesheet and the
    // scripts during the render. Gzip only, as nearly every browser asks; others get it whole.
    let ahead: PassThrough | undefined;
    const sendAhead = (beginning: Buffer) => {
      ahead = new PassThrough();
      ahead.write(beginning);
      void pageHeaders(reply, 200, true, true).send(ahead);
    };
    let page: Page;
    try {
      page = await buildPage(request, reply, indexHtml, gzip && request.method === 'GET' ? sendAhead : undefined);
    } catch (error) {
      if (!ahead) throw error;
      // Its status went with the head: the answer can only be cut off.
      ahead.destroy(error as Error);
      return reply;
    }
    if (!ahead) return sendWhole(reply, page, gzip);
    // After its head, a page is always the rest of one (rendered-pages.ts).
    const { start, end } = page.rendered!;
    ahead.end(gzipWithEnd(start, end, true));
    return reply;
  };

  // The app's own paths are routes, so their pages are compressed like every other answer.
  for (const path of appRoutes.flatMap(routePaths)) app.get(path, sendPage);

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(pathname) || !isPageRequest) {
      return sendNoEndpoint(reply, request.method, pathname);
    }
    return sendPage(request, reply);
  });
}

/** The headers of every page; a rendered screen is this visitor's: no shared cache keeps it, and it differs by session. */
function pageHeaders(reply: FastifyReply, status: number, gzip: boolean, rendered: boolean): FastifyReply {
  reply.status(status).type('text/html; charset=utf-8').header('vary', 'cookie, accept-encoding');
  reply.header('cache-control', rendered ? 'private, no-cache' : 'no-cache');
  // Documents go as gzip, which costs half of what brotli does for a page this small, and a
  // rendered page's start was compressed with gzip once (rendered-pages.ts).
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply;
}

function sendWhole(reply: FastifyReply, page: Page, gzip: boolean) {
  pageHeaders(reply, page.status, gzip, page.rendered !== undefined);
  if (!page.rendered) return reply.send(gzip ? gzipSync(page.html) : page.html);
  const { start, end } = page.rendered;
  return reply.send(gzip ? gzipWithEnd(start, end) : plainWithEnd(start, end));
}

/** A page whose facts cannot be read now (the database is away) still loads, with the site's own tags. */
async function describeOrGeneric(pages: PageDescriptions, pathname: string, url: string): Promise<PageHead> {
  const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  return pages.describe(pathname, query).catch(() => genericHead(pathname));
}
