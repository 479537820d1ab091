import type { Me } from './accounts';

/**
 * The contract between the server and the web app's server-side renderer
 * (src/web/server/render-on-server.tsx, built by `vite build --ssr` into dist/web-ssr).
 */
export interface ScreenRenderRequest {
  /** The page's full address, as the browser asked for it. */
  url: string;
  /** PUBLIC_CATALOGUE: which screens are guarded. */
  publicCatalogue: boolean;
  /** Answers the app's API requests in process, as the visitor (their cookie, their address). */
  fetchApi(path: string, init: RequestInit): Promise<InProcessAnswer>;
  /** Renders the screen on a render thread, or answers undefined when it should be rendered here (none is free). */
  renderInThread?: RenderInThread;
}

// ---- rendering on a render thread ----

/** What a render thread renders a screen from: its address and the answers read for its key. */
export interface ThreadRenderJob {
  url: string;
  publicCatalogue: boolean;
  /** Each path read so far, and its answer as the key saw it. */
  answers: [path: string, answer: InProcessAnswer][];
}

/** A rendered screen before it is known whether its key holds every answer it was made from (as a render thread sends it). */
export type ThreadScreen = Omit<RenderedScreen, 'keepable'> & {
  /** The paths its screen read, in the order it asked: the next new address of its shape is guessed from them. */
  read: string[];
};

/** Reads one more path for a thread's render, through the request's own reads (so its key knows of it). */
export type ReadForThread = (path: string) => Promise<InProcessAnswer>;

export type RenderInThread = (job: ThreadRenderJob, readMore: ReadForThread) => Promise<ThreadScreen | undefined> | undefined;

/** Main thread to render thread: a screen to render, or the answer to a path it asked for. */
export type ToRenderThread = { id: number; job: ThreadRenderJob } | { id: number; path: string; answer?: InProcessAnswer; failed?: string };

/** Render thread to main thread: it is ready, it needs a path read, or its screen (or why there is none). */
export type FromRenderThread = { ready: true } | { id: number; read: string } | { id: number; screen?: ThreadScreen; failed?: string };

/** A failure as it crosses between the threads (`failed`): its message, since an Error is not sent whole. */
export const failureText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One of the app's API answers, read in process: its text as it is, not a `Response`, whose
 * body stream cost more to make and read than the answer did (several per page).
 */
export interface InProcessAnswer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/** A screen's first answers, read: what it would be rendered from. */
export interface ScreenAnswers {
  /**
   * The member's own answer to `/api/me`, as JSON safe inside a script, when a member is signed
   * in: the page is rendered (and kept) from the nameless one (src/shared/nameless-member.ts),
   * and this goes at its end, written for each request.
   */
  memberFacts?: string;
  /**
   * The address and every answer, as a key: the same key gives the same markup and state, so a
   * document made from them can be sent again while the key holds.
   */
  key: string;
  /** Renders the screen from its answers, or answers undefined when the browser should. */
  render(): Promise<RenderedScreen | undefined>;
}

export interface RenderedScreen {
  /** The markup that goes inside `#root`, as UTF-8: kept as the renderer wrote it (see renderedRoot). */
  html: Uint8Array;
  /** The answers it was rendered from, as JSON safe inside a `<script type="application/json">`. */
  state: string;
  /** Rendered from the key's answers alone; false when it had to ask for more, which the key does not cover. */
  keepable: boolean;
  /** Something in it suspended, so it was written by the renderer that waits, more slowly (src/web/server/markup.tsx). */
  waited: boolean;
}

/** Reads a page's first answers, or answers undefined when the browser should render it (see the module). */
export type RenderScreen = (request: ScreenRenderRequest) => Promise<ScreenAnswers | undefined>;

/** The id of the `<script type="application/json">` that carries a rendered screen's state. */
export const SERVER_STATE_ID = 'server-state';

/**
 * The id of the `<script type="application/json">` that carries where the live events stood
 * before the page's answers were read (`<txid>-<id>`): the page's first event stream resumes from
 * it. Made for each request, like the member's facts, so both come after the kept start.
 */
export const LIVE_CURSOR_ID = 'live-cursor';

/** The id of the `<script type="application/json">` that carries the member's own facts (`MemberFacts`). */
export const MEMBER_FACTS_ID = 'member-facts';

/** What a page rendered for every member like this one carries for this one alone. */
export interface MemberFacts {
  me: Me;
}

/** The id of the `<template>` holding a rendered page's preloads, added by the entry once it is painted. */
export const AFTER_PAINT_PRELOADS_ID = 'preloads-after-paint';

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;

/** JSON for a `<script type="application/json">`: no `<` can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
