// How the browser tests (browser.ts), bench/lighthouse.mjs and the page-view recorder run
// Chromium. Plain JavaScript so that the benchmarks, which node runs as they are, can import it;
// chromium.d.mts types it.
import { existsSync } from 'node:fs';

/** Chromium's path: CHROMIUM_PATH, or the system's. Lighthouse measures in it. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * What Playwright drives: CHROMIUM_PATH, else Debian's `chromium-headless-shell` when installed
 * (the same Chromium built without a window system, as Playwright itself runs headless tests: a
 * third less CPU for the same pages here), else the system's Chromium.
 */
export const playwrightChromiumPath = () => process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath());

/** No sandbox (containers run as root); nothing fetched or synced in the background, so runs compare. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
