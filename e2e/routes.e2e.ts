import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { THEME_STORAGE_KEY } from '../src/shared/constants';
import { appRoutes, routePaths, type AppRoute } from '../src/shared/routes';
import { seriousAxeViolations, useBrowser, type PageOptions } from './support/browser';

const session = useBrowser();

/** A theme chosen in another tab of the site: this page follows it (the storage event). */
async function chooseThemeElsewhere(page: Page, theme: 'light' | 'dark') {
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
    },
    [THEME_STORAGE_KEY, theme] as const,
  );
  await expect.poll(() => isDark(page)).toBe(theme === 'dark');
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** Some screens need a query to show their real content. */
const queryFor: Record<string, string> = { 'game-detail': '?id=1' };

/** Who views each screen: guarded ones need an account; /signup one that has not finished it. */
function viewerOf(route: AppRoute): PageOptions['signedInAs'] {
  if (route.access !== 'guarded') return undefined;
  return route.id === 'signup' ? 'newcomer' : 'demo';
}

const everyPath = appRoutes
  .filter((route) => route.id !== 'logout')
  .flatMap((route) => routePaths(route).map((path) => ({ route, url: `${path}${queryFor[route.id] ?? ''}` })));

describe('every route of the spec', () => {
  it.each(everyPath)('$url renders its screen with no serious accessibility problem', async ({ route, url }) => {
    const page = await session.newPage({ signedInAs: viewerOf(route) });
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // A game page's tab is named after the game (its heading), not the route.
    const title = route.id === 'game-detail' ? await page.getByRole('heading', { level: 1 }).first().textContent() : route.title;
    await expect.poll(() => page.title()).toBe(`${title} · GameSource`);
    // A screen may show its heading before its data: wait for every loading state to end.
    await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 15_000 }).toBe(0);
    // Everything the product offers is here today: no screen promises it for later.
    expect(await page.locator('body').innerText(), url).not.toMatch(/upcoming release/i);
    // Dark is the default; light is then chosen as another tab would choose it, and the screen
    // changes in place (theme.e2e.ts loads pages in each theme from the start).
    expect(await isDark(page)).toBe(true);
    expect(await seriousAxeViolations(page), `${url} in dark`).toEqual([]);
    await chooseThemeElsewhere(page, 'light');
    expect(await seriousAxeViolations(page), `${url} in light`).toEqual([]);
  });

  it.each(['/logout', '/sign-out'])('%s signs out and lands on /login', async (url) => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto(url);
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'You are signed out.' }).waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me).toEqual({ user: null });
  });

  it('shows the not-found page with status 404 for any other path', async () => {
    session.allowConsoleError(/404 \(Not Found\)/);
    const page = await session.newPage();
    const response = await page.goto('/no/such/page', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Page not found');
    expect(await page.getByText('/no/such/page').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The catalogue needs an account, so a signed-out visitor is asked to sign in first.
    await page.getByRole('link', { name: 'Browse games' }).click();
    await page.waitForURL(/\/login\?next=%2Fgames$/);
  });

  it('keeps the signed-in desktop header on one line, with About, Community and Support in the footer', async () => {
    for (const width of [1024, 1280]) {
      const page = await session.newPage({ width, signedInAs: 'demo' });
      await page.goto('/games', { waitUntil: 'networkidle' });
      const main = page.getByRole('navigation', { name: 'Main' });
      const heights = await main.getByRole('link').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
      expect(heights, `${width} px`).toHaveLength(3);
      for (const height of heights) expect(height, `${width} px`).toBeLessThan(44);
      for (const name of ['About', 'Community', 'Support']) await page.getByRole('contentinfo').getByRole('link', { name }).waitFor();
    }
  });

  it('works at phone width through the menu', async () => {
    const page = await session.newPage({ width: 375 });
    await page.goto('/', { waitUntil: 'networkidle' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('link', { name: 'About' }).first().click();
    await page.waitForURL('**/about');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
