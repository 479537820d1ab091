import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const session = useBrowser();
const PHONE = 390;

/** Sums every layout shift from the start of the page load (as Lighthouse's CLS does for a short load). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShiftTotal = (page: Page) =>
  page.evaluate(() => (window as unknown as { __layoutShifts: { total: number } }).__layoutShifts.total);

describe('first paint', () => {
  it('serves a screen it does not render with a loading screen and preload links for the app, its screen and its first requests', async () => {
    const response = await fetch(`${session.baseUrl}/about`);
    const html = await response.text();
    expect(html).toContain('Loading GameSource…');
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]!);
    expect(preloads.some((href) => /\/assets\/start-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloads.some((href) => /\/assets\/about-screen-[\w-]+\.js$/.test(href))).toBe(true);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/me">');
    for (const href of preloads) expect((await fetch(`${session.baseUrl}${href}`)).status, href).toBe(200);
  });

  it('uses what it preloads: each file is fetched once, with no warning of a preload left unused', async () => {
    const page = await session.newPage();
    const fetched: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    page.on('console', (message) => {
      if (message.text().includes('preload')) warnings.push(message.text());
    });
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const assets = fetched.filter((path) => path.startsWith('/assets/') || path === '/api/me');
    expect(assets.some((path) => path.endsWith('.css'))).toBe(true);
    expect(assets.filter((path, nth) => assets.indexOf(path) !== nth)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('shows the home page rendered before any script runs, and makes it work once its code arrives', async () => {
    const page = await session.newPage({ width: PHONE });
    let releaseCode!: () => void;
    const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
    await page.route('**/assets/start-*.js', async (route) => {
      await codeHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    // Painted from the HTML alone: the hero, the games, the theme switch.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-interactive'))).toBe(false);
    releaseCode();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).waitFor();
  });

  it('sends the app chunk precompressed', async () => {
    const html = await (await fetch(`${session.baseUrl}/`)).text();
    const start = /href="(\/assets\/start-[\w-]+\.js)"/.exec(html)![1]!;
    const brotli = await fetch(`${session.baseUrl}${start}`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const gzip = await fetch(`${session.baseUrl}${start}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('shows the loading screen before the app code arrives, and says so when it cannot arrive', async () => {
    const page = await session.newPage({ width: PHONE });
    session.allowConsoleError(/ERR_FAILED|Failed to load|Failed to fetch dynamically imported module/);
    await page.route('**/assets/start-*.js', (route) => route.abort());
    await page.goto('/about');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('GameSource could not load');
  });

  it('says so above a rendered page when its code cannot arrive, with a way to reload', async () => {
    const page = await session.newPage({ width: PHONE });
    session.allowConsoleError(/ERR_FAILED|Failed to load|Failed to fetch dynamically imported module/);
    await page.route('**/assets/start-*.js', (route) => route.abort());
    await page.goto('/', { waitUntil: 'commit' });
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('GameSource could not load');
    // The rendered page is still there to read, under the message.
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.unroute('**/assets/start-*.js');
    await alert.getByRole('link', { name: 'Reload' }).click();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'));
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('loads the covers of the first row on /games at once, with high priority, and the rest lazily', async () => {
    const page = await session.newPage({ width: PHONE, signedInAs: 'demo' });
    await page.goto('/games');
    const covers = page.getByRole('list', { name: 'Games' }).locator('img');
    await covers.first().waitFor();
    expect(await covers.first().getAttribute('loading')).toBe('eager');
    expect(await covers.first().getAttribute('fetchpriority')).toBe('high');
    expect(await covers.nth(4).getAttribute('loading')).toBe('lazy');
  });

  for (const [path, ready] of [
    ['/', 'Top rated'],
    ['/games', 'Games'],
  ] as const) {
    it(`keeps the footer in place while ${path} loads on a phone (layout shift < 0.1)`, async () => {
      const page = await session.newPage({ width: PHONE, signedInAs: 'demo' });
      await recordLayoutShifts(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await (path === '/' ? page.getByRole('heading', { name: ready }) : page.getByRole('list', { name: ready })).waitFor();
      expect(await layoutShiftTotal(page)).toBeLessThan(0.1);
    });
  }
});
