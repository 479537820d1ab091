// Records, with the built app in Chromium, the calls each page view really makes: the calls in
// flight together as the page opens, which of them are event streams, and, on a first visit,
// the page itself (whose screen the server may render with the answers it needs).
import { chromium } from 'playwright-core';
import { chromiumFlags, playwrightChromiumPath } from '../../e2e/support/chromium.mjs';

const SETTLE_MS = 1500;

/** Event streams stay open for as long as the page does. */
const isStream = (request) => request.resourceType() === 'eventsource';

/**
 * Follows a page's requests of every kind (a lazy screen's script comes before its API calls):
 * the page has settled when none is in flight and none has started or ended for SETTLE_MS.
 * Event streams stay open, so they are left out ('networkidle' would never come).
 */
function followRequests(page) {
  const inFlight = new Set();
  let lastActivityAt = Date.now();
  const ended = (request) => {
    inFlight.delete(request);
    lastActivityAt = Date.now();
  };
  page.on('request', (request) => {
    lastActivityAt = Date.now();
    if (!isStream(request)) inFlight.add(request);
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async function settled() {
    while (inFlight.size > 0 || Date.now() - lastActivityAt < SETTLE_MS) await new Promise((resolve) => setTimeout(resolve, 100));
  };
}

/** A screen opened from another, as a link in the app opens it: the app's router goes there without loading a page. */
async function openInApp(page, path) {
  // Runs in the page: globalThis is its window.
  await page.evaluate((to) => {
    globalThis.history.pushState(null, '', to);
    globalThis.dispatchEvent(new globalThis.PopStateEvent('popstate'));
  }, path);
}

/** The calls of one view: a first visit loads the page; an in-app view opens it from /about, whose calls are not counted. */
async function recordPage(context, base, path, firstVisit) {
  const page = await context.newPage();
  if (!firstVisit) {
    const settledOnAbout = followRequests(page);
    await page.goto(`${base}/about`, { waitUntil: 'load' });
    await settledOnAbout();
  }
  const calls = [];
  const settled = followRequests(page);
  page.on('request', (request) => {
    const url = new URL(request.url());
    const document = request.resourceType() === 'document';
    if (!document && !url.pathname.startsWith('/api/')) return;
    calls.push({ method: request.method(), path: url.pathname + url.search, stream: isStream(request), document });
  });
  if (firstVisit) await page.goto(`${base}${path}`, { waitUntil: 'load' });
  else await openInApp(page, path);
  await settled();
  await page.close();
  return calls;
}

/**
 * For each page (name → path), the calls a signed-in view makes (`cookie`: its session):
 * opened in the app, or, with `firstVisit`, loaded as a page.
 */
export async function recordPageViews(base, pages, cookie, { firstVisit = false } = {}) {
  const browser = await chromium.launch({ executablePath: playwrightChromiumPath(), args: chromiumFlags });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
    );
    const recorded = {};
    for (const [name, path] of Object.entries(pages)) recorded[name] = await recordPage(context, base, path, firstVisit);
    return recorded;
  } finally {
    await browser.close();
  }
}
