// The web app's first screen, rendered on the server (built by `vite build --ssr` into
// dist/web-ssr and loaded by src/server/web/server-render.ts). The browser hydrates the markup
// (app/start.tsx) from the same answers, so a phone paints the screen before any script runs.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, QueryClientProvider, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type LoaderFunction,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { findAppRoute, isGuarded, type AppRoute, type AppRouteId } from '../../shared/routes';
import type {
  InProcessAnswer,
  ReadForThread,
  RenderedScreen,
  RenderScreen,
  ScreenRenderRequest,
  ThreadRenderJob,
  ThreadScreen,
} from '../../shared/server-render';
import { hasRequests, screenRequests } from '../app/route-loaders';
import { routesFor } from '../app/router';
import { serialiseServerState } from '../app/server-state';
import { setApiTransport, type ApiTransport } from '../lib/api';
import { AuthStatusProvider } from '../lib/auth-status';
import { needsSignupStep } from '../lib/guard-paths';
import { createQueryClient } from '../lib/query-client';
import { meQuery } from '../lib/session';
import { markupOf } from './markup';
import { asApiAnswer, createScreenReads, pathsReadBefore, type ScreenReads } from './screen-reads';
import { serveRenders } from './serve-renders';

/** The screens a first visit most often opens; the others keep the loading screen. */
const RENDERED_SCREENS: readonly AppRouteId[] = ['home', 'games', 'game-detail'];
const isRendered = (id: string): id is AppRouteId => (RENDERED_SCREENS as readonly string[]).includes(id);

/** A render that needs more than this many rounds of requests (one waits on another) is left to the browser. */
const MAX_REQUEST_ROUNDS = 3;

const visitorTransport = new AsyncLocalStorage<ApiTransport>();

/**
 * A screen's loader only starts its requests, which readAnswers has started already: here it
 * answers nothing, so one handler (the routes matched and flattened once) serves every render.
 */
const startedAlready: LoaderFunction = () => null;
const handlers = new Map<boolean, StaticHandler>();

function handlerFor(publicCatalogue: boolean): StaticHandler {
  let handler = handlers.get(publicCatalogue);
  if (!handler) {
    handler = createStaticHandler(routesFor((id) => (hasRequests(id) ? startedAlready : undefined), publicCatalogue));
    handlers.set(publicCatalogue, handler);
  }
  return handler;
}

setApiTransport((path, init) => {
  const transport = visitorTransport.getStore();
  if (!transport) throw new Error(`${path} was asked outside a server render`);
  return transport(path, init);
});

function screenTree(client: QueryClient, router: ReturnType<typeof createStaticRouter>, context: StaticHandlerContext) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <AuthStatusProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AuthStatusProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

const isEnabled = (query: Query) => {
  // The options of the observer that built the query, `enabled` among them.
  const { enabled } = query.options as { enabled?: unknown };
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
};

/** Queries a render asked for and that nobody has fetched (a screen's request that waits on another's answer). */
const unasked = (client: QueryClient) =>
  client
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query) });

/** Every answer is in and none failed: the browser, hydrating the same answers, renders the same markup. */
const everyAnswerIn = (client: QueryClient) =>
  client
    .getQueryCache()
    .findAll()
    .every((query) => query.state.status === 'success' || !isEnabled(query));

async function signedInEnough(client: QueryClient, request: ScreenRenderRequest, route: AppRoute, pathname: string) {
  const me = await client.fetchQuery(meQuery()).catch(() => undefined);
  // Showcase mode keeps the spec's mock sign-in check on screen; an unanswered check is the browser's to show.
  if (!me || me.showcase) return false;
  const { user } = me;
  if (!isGuarded(route, request.publicCatalogue)) return true;
  // A guarded screen the visitor cannot see yet redirects in the browser, as it always has.
  return user !== null && (user.signupComplete || !needsSignupStep(pathname));
}

type Render = () => Promise<Omit<ThreadScreen, 'read'> | undefined>;

/**
 * Asks the screen's first requests, and answers how to render it from their answers, or undefined
 * when the browser should. The route loaders return nothing (route-loaders.ts only starts
 * requests), so what a screen shows is its address and its answers.
 */
async function readAnswers(request: ScreenRenderRequest): Promise<Render | undefined> {
  const url = new URL(request.url);
  const route = findAppRoute(url.pathname);
  if (!route || !isRendered(route.id)) return undefined;
  const client = createQueryClient();
  const [allowed] = await Promise.all([
    signedInEnough(client, request, route, url.pathname),
    Promise.allSettled(screenRequests(client, route.id, url)),
  ]);
  return allowed ? () => render(client, request, url) : undefined;
}

async function render(client: QueryClient, request: ScreenRenderRequest, url: URL): ReturnType<Render> {
  const handler = handlerFor(request.publicCatalogue);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  let waited = false;
  for (let round = 0; round < MAX_REQUEST_ROUNDS; round++) {
    const markup = await markupOf(screenTree(client, router, context));
    waited ||= markup.waited;
    const missing = unasked(client);
    if (missing.length === 0) {
      if (!everyAnswerIn(client)) return undefined;
      const state = serialiseServerState({
        queries: dehydrate(client),
        router: { loaderData: context.loaderData, actionData: null, errors: null },
      });
      return { html: markup.bytes, state, waited };
    }
    await Promise.allSettled(missing.map((query) => query.fetch()));
  }
  return undefined;
}

/** Renders the screen on this thread, from the queries its first requests built or, when its page was kept before, builds them now. */
async function renderHere(
  request: ScreenRenderRequest,
  reads: ScreenReads,
  prepared: Render | undefined,
): Promise<ThreadScreen | undefined> {
  const render = prepared ?? (await readScreen(request, reads));
  const screen = render && (await visitorTransport.run(reads.transport, render));
  return screen && { ...screen, read: reads.asked() };
}

/**
 * Renders the screen, on a render thread when one is free. It is kept only if its key, made from
 * the first `keyed` paths read, holds every answer it was made from: a second round of requests,
 * or a path beyond last time's, reads more (a thread asks this request's reads for them).
 */
async function renderWithin(
  request: ScreenRenderRequest,
  reads: ScreenReads,
  prepared: Render | undefined,
  keyed: number,
): Promise<RenderedScreen | undefined> {
  const { renderInThread, url, publicCatalogue } = request;
  const inThread = renderInThread && renderInThread({ url, publicCatalogue, answers: await reads.answersSoFar() }, reads.answer);
  const screen = await (inThread ?? renderHere(request, reads, prepared));
  if (!screen) return undefined;
  // A second round's paths too: the next load reads them at once, and its page can be kept.
  const { read, ...rendered } = screen;
  reads.remember(read);
  // During a database outage the browser renders the screen, and shows that it may be out of date.
  if (reads.possiblyStale) return undefined;
  return { ...rendered, keepable: reads.count === keyed };
}

/** Asks the screen's requests (this address's earlier ones are answered already) and remembers its paths. */
async function readScreen(request: ScreenRenderRequest, reads: ScreenReads): Promise<Render | undefined> {
  const render = await visitorTransport.run(reads.transport, () => readAnswers(request));
  reads.remember(reads.asked());
  return render;
}

/**
 * Reads the first answers of home, `/games` or a game page as the visitor would see them, for the
 * server to render the screen from (or send again what it rendered from the same answers), or
 * answers undefined, and the browser renders the page as before, when the screen is another,
 * would redirect (a guarded screen signed out), any answer it needs failed, or any was possibly
 * stale. An address rendered lately reads the paths it read then, side by side, and nothing else
 * unless its page must be made (screen-reads.ts).
 */
export const renderScreen: RenderScreen = async (request) => {
  const reads = createScreenReads(request);
  const pathsBefore = pathsReadBefore(request);
  // With last time's paths read, the screen's queries are built only if its page must be made.
  let prepared: Render | undefined;
  if (pathsBefore) {
    await reads.readAll(pathsBefore);
  } else {
    prepared = await readScreen(request, reads);
    if (!prepared) return undefined;
  }
  if (reads.possiblyStale) return undefined;
  const keyed = reads.count;
  return {
    key: await reads.key(),
    memberFacts: reads.memberFacts,
    render: () => renderWithin(request, reads, prepared, keyed),
  };
};

// ---- on a render thread ----

/** A screen rendered on a render thread from the answers read for it, as renderHere would (src/server/web/render-threads.ts). */
async function renderJob(job: ThreadRenderJob, readMore: ReadForThread): Promise<ThreadScreen | undefined> {
  const answers = new Map<string, Promise<InProcessAnswer>>(job.answers.map(([path, answer]) => [path, Promise.resolve(answer)]));
  const asked = new Set<string>();
  const read = (path: string) => {
    asked.add(path);
    let answer = answers.get(path);
    if (!answer) {
      answer = readMore(path);
      answers.set(path, answer);
    }
    return answer;
  };
  const transport: ApiTransport = async (path) => asApiAnswer(await read(path));
  const request: ScreenRenderRequest = { url: job.url, publicCatalogue: job.publicCatalogue, fetchApi: read };
  const render = await visitorTransport.run(transport, () => readAnswers(request));
  const screen = render && (await visitorTransport.run(transport, render));
  return screen && { ...screen, read: [...asked] };
}

/** A render thread's work: started by the thread's own import of this module. */
export const serveRendersInThread = () => serveRenders(renderJob);
