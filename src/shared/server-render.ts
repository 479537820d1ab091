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
  fetchApi(path: string, init: RequestInit): Promise<Response>;
  /**
   * Where the live events stood before any answer was read (`<txid>-<id>`): the page's first
   * event stream resumes from it, so a change made after its answers is not missed.
   */
  liveCursor?: string;
}

export interface RenderedScreen {
  /** The markup that goes inside `#root`. */
  html: string;
  /** The answers it was rendered from, as JSON safe inside a `<script type="application/json">`. */
  state: string;
}

/** Renders a page's first screen, or answers undefined when the browser should render it (see the module). */
export type RenderScreen = (request: ScreenRenderRequest) => Promise<RenderedScreen | undefined>;

/** The id of the `<script type="application/json">` that carries a rendered screen's state. */
export const SERVER_STATE_ID = 'server-state';

/** The id of the `<template>` holding a rendered page's preloads, added by the entry once it is painted. */
export const AFTER_PAINT_PRELOADS_ID = 'preloads-after-paint';
