import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { POSSIBLY_STALE_HEADER } from '../../shared/possibly-stale';
import {
  jsonForScript,
  LIVE_CURSOR_ID,
  MEMBER_FACTS_ID,
  SERVER_STATE_ID,
  type InProcessAnswer,
  type RenderedScreen,
  type RenderScreen,
  type ScreenAnswers,
} from '../../shared/server-render';
import { requestUrlOn } from '../http/request-url';
import { createRenderThreads } from './render-threads';

/** Reads the first answers of the page's screen for this visitor, or undefined for the loading screen. */
export type ScreenRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<ScreenAnswers | undefined>;

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
async function answerInProcess(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  apiPath: string,
  init: RequestInit,
): Promise<InProcessAnswer> {
  if ((init.method ?? 'GET') !== 'GET' || !apiPath.startsWith('/api/')) {
    throw new Error(`A server render may only read the API, not ${init.method ?? 'GET'} ${apiPath}`);
  }
  const answer = await app.inject({ method: 'GET', url: apiPath, headers: forwardedHeaders(request), remoteAddress: request.ip });
  const setCookie = answer.headers['set-cookie'];
  if (setCookie) reply.header('set-cookie', setCookie);
  return {
    status: answer.statusCode,
    headers: {
      'content-type': String(answer.headers['content-type'] ?? 'application/json'),
      // The renderer leaves a page with a possibly stale answer to the browser, which then shows so (decision 0056).
      ...(answer.headers[POSSIBLY_STALE_HEADER] !== undefined && {
        [POSSIBLY_STALE_HEADER]: String(answer.headers[POSSIBLY_STALE_HEADER]),
      }),
    },
    body: answer.body,
  };
}

/** As serve-web.ts's PageDescriptions names them. */
interface RendererOptions {
  baseUrl: string;
  publicCatalogue: boolean;
  renderThreads: number;
  renderBudgetMs: number;
}

/**
 * Races work against one request's budget, which reading the answers and rendering share: past
 * it, the visitor gets the loading screen and the browser asks for the data itself. A page that
 * misses it is logged and counted: a server that often does is short of cores.
 */
function renderBudget(request: FastifyRequest, budgetMs: number, missed: () => void) {
  const spent = sleep(budgetMs, undefined, { ref: false });
  let working = 0;
  void spent.then(() => {
    if (working === 0) return;
    missed();
    request.log.warn({ url: request.url }, `The first screen was not ready in ${budgetMs} ms: the loading screen is sent`);
  });
  return <T>(work: Promise<T | undefined>) => {
    working += 1;
    return Promise.race([work.finally(() => (working -= 1)), spent]);
  };
}

/**
 * Starts loading the built renderer (half a megabyte: not on the way to listening) and answers
 * the renderer that waits for it; without it (a build without `--ssr`) every page keeps its
 * loading screen. With `renderThreads`, screens are rendered on that many threads of their own
 * when one is free (render-threads.ts).
 */
export function loadScreenRenderer(
  app: FastifyInstance,
  webDist: string,
  { baseUrl, publicCatalogue, renderThreads, renderBudgetMs }: RendererOptions,
): ScreenRenderer | undefined {
  const file = rendererFile(webDist);
  if (!existsSync(file)) return undefined;
  const rendererUrl = pathToFileURL(file).href;
  const loaded = import(rendererUrl) as Promise<{ renderScreen: RenderScreen }>;
  // A failure to load is logged by each render that needed it, not left unhandled meanwhile.
  loaded.catch(() => undefined);
  const threadRenders = app.metrics.counter('thread_renders_total', 'Screens rendered on a render thread rather than the main thread', []);
  const overBudget = app.metrics.counter(
    'screens_over_budget_total',
    'First screens sent as the loading screen, not ready within RENDER_BUDGET_MS',
    [],
  );
  const threads =
    renderThreads > 0
      ? createRenderThreads({
          rendererUrl,
          count: renderThreads,
          rendered: () => threadRenders.inc(),
          cannotStartBecause: (error) =>
            app.log.error({ err: error }, 'A render thread could not start; the main thread renders every first screen'),
        })
      : undefined;
  if (threads) app.addHook('onClose', () => threads.close());
  const siteOrigin = new URL(baseUrl).origin;
  return (request, reply) => {
    const failed = (error: unknown) => {
      request.log.error({ err: error }, 'The first screen could not be rendered on the server; the browser renders it');
      return undefined;
    };
    // On the site's own origin, not the Host header's: a client chooses that, and one that names
    // no valid host made the render throw.
    const url = requestUrlOn(siteOrigin, request.url).href;
    const fetchApi = (apiPath: string, init: RequestInit) => answerInProcess(app, request, reply, apiPath, init);
    const withinBudget = renderBudget(request, renderBudgetMs, () => overBudget.inc());
    const reading = loaded
      .then(({ renderScreen }) => renderScreen({ url, publicCatalogue, fetchApi, renderInThread: threads?.render }))
      .catch(failed);
    return withinBudget(reading.then((answers) => answers && { ...answers, render: () => withinBudget(answers.render().catch(failed)) }));
  };
}

const ROOT = /<div id="root">[\s\S]*?<!--\/boot-->\s*<\/div>/;

/** index.html with a page's head, cut where its `#root` with the loading screen (`loading`) was. */
export interface PageAroundRoot {
  before: string;
  loading: string;
  after: string;
}

export function cutAtRoot(html: string): PageAroundRoot {
  const root = ROOT.exec(html);
  if (!root) throw new Error('index.html has no #root with a loading screen ending in <!--/boot-->');
  return { before: html.slice(0, root.index), loading: root[0], after: html.slice(root.index + root[0].length) };
}

/**
 * The start of a page with its rendered screen after its head (`PageAroundRoot.before`): the
 * screen in `#root` and its state; the same whenever its answers are. Encoded part by part, never
 * as one string: a page of 65,000 characters, one of them not ASCII, is a string of over 128 KB,
 * which V8 makes in fresh pages of memory each time, and making it cost 0.6 ms a page here (ten
 * times encoding its parts).
 */
export function renderedRoot(rendered: RenderedScreen): Buffer {
  return Buffer.concat([
    Buffer.from('<div id="root">'),
    rendered.html,
    Buffer.from(`</div><script type="application/json" id="${SERVER_STATE_ID}">`),
    Buffer.from(rendered.state),
    Buffer.from('</script>'),
  ]);
}

const jsonScript = (id: string, json: string | undefined) =>
  json === undefined ? '' : `<script type="application/json" id="${id}">${json}</script>`;

/**
 * The end of it, made for each request: the member's own facts (`ScreenAnswers.memberFacts`),
 * where the live events stood before the answers were read, and the rest.
 */
export function renderedEnd(page: PageAroundRoot, liveCursor: string | undefined, memberFacts: string | undefined): string {
  const cursor = liveCursor === undefined ? undefined : jsonForScript(liveCursor);
  return `${jsonScript(MEMBER_FACTS_ID, memberFacts)}${jsonScript(LIVE_CURSOR_ID, cursor)}${page.after}`;
}
