// Records, with the built app in Chromium, the API calls each page view really makes: the
// calls in flight together as the page opens, and which of them are event streams.
import { chromium } from 'playwright-core';

const SETTLE_MS = 1500;

/** Waits until no API call has started for SETTLE_MS (event streams stay open, so no 'networkidle'). */
async function settled(lastCallAt) {
  while (Date.now() - lastCallAt() < SETTLE_MS) await new Promise((resolve) => setTimeout(resolve, 100));
}

async function recordPage(context, base, path) {
  const page = await context.newPage();
  const calls = [];
  let lastCallAt = Date.now();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    lastCallAt = Date.now();
    calls.push({ method: request.method(), path: url.pathname + url.search, stream: request.resourceType() === 'eventsource' });
  });
  await page.goto(`${base}${path}`, { waitUntil: 'load' });
  await settled(() => lastCallAt);
  await page.close();
  return calls;
}

/** For each page (name → path), the calls a signed-in visit makes (`cookie`: its session). */
export async function recordPageViews(base, pages, cookie) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
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
