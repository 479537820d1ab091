// How the browser tests (browser.ts), bench/lighthouse.mjs and the page-view recorder run
// Chromium. Plain JavaScript so that the benchmarks, which node runs as they are, can import it;
// chromium.d.mts types it.

/** Chromium's path: CHROMIUM_PATH, or the system's. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** No sandbox (containers run as root); nothing fetched or synced in the background, so runs compare. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
