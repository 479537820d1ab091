import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from './support/browser';
import { checkRouteScreen, routeScreens } from './support/route-screens';

const session = useBrowser();

// The public and diagnostic screens are checked in public-routes.e2e.ts, beside this file, so
// the two halves run side by side.
describe('every route of the spec', () => {
  it.each(routeScreens((route) => route.access === 'guarded'))(
    '$url renders its screen with no serious accessibility problem',
    async (screen) => {
      await checkRouteScreen(session, screen);
    },
  );

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
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
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
