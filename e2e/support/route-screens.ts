import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { THEME_STORAGE_KEY } from '../../src/shared/constants';
import { appRoutes, routePaths, type AppRoute } from '../../src/shared/routes';
import { seriousAxeViolations, type BrowserSession, type PageOptions } from './browser';

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

export interface RouteScreen {
  route: AppRoute;
  url: string;
  /** Another path of a route whose first path is checked in full. */
  alias: boolean;
}

/** Every path of the spec's screens (sign-out aside), for the routes that `which` picks. */
export const routeScreens = (which: (route: AppRoute) => boolean): RouteScreen[] =>
  appRoutes
    .filter((route) => route.id !== 'logout' && which(route))
    .flatMap((route) => routePaths(route).map((path, index) => ({ route, url: `${path}${queryFor[route.id] ?? ''}`, alias: index > 0 })));

/** Opens the screen as its viewer would, and checks it is whole, titled and accessible in both themes. */
export async function checkRouteScreen(session: BrowserSession, { route, url, alias }: RouteScreen): Promise<void> {
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
  // An alias shows the very screen of the route's first path, which is checked in full.
  if (alias) return;
  // Dark is the default; light is then chosen as another tab would choose it, and the screen
  // changes in place (theme.e2e.ts loads pages in each theme from the start). The theme changes
  // colours only, so in light only the colour rules can find anything new.
  expect(await isDark(page)).toBe(true);
  expect(await seriousAxeViolations(page), `${url} in dark`).toEqual([]);
  await chooseThemeElsewhere(page, 'light');
  expect(await seriousAxeViolations(page, { coloursOnly: true }), `${url} in light`).toEqual([]);
}
