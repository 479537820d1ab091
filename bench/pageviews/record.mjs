// Records, with the built app in Chromium, the API calls each page view really makes: the
// calls in flight together as the page opens, and which of them are event streams.
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../../e2e/support/chromium.mjs';

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

async function recordPage(context, base, path) {
  const page = await context.newPage();
  const calls = [];
  const settled = followRequests(page);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    calls.push({ method: request.method(), path: url.pathname + url.search, stream: isStream(request) });
  });
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  await settled();
  await page.close();
  return calls;
}

/** For each page (name → path), the calls a signed-in visit makes (`cookie`: its session). */
export async function recordPageViews(base, pages, cookie) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
    );
    const recorded = {};
    for (const [name, path] of Object.entries(pages)) recorded[name] = await recordPage(context, base, path);
    return recorded;
  } finally {
    await browser.close();
  }
}
