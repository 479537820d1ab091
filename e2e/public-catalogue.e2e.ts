// PUBLIC_CATALOGUE (decision 0031): a visitor browses /games, /game-detail and /categories without
// signing in; the default keeps the spec's guard. Tab titles follow what each page shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from './support/browser';
import { startBuiltServer, type ServerProcess } from './support/server-process';
import { suiteBaseUrl } from './support/suite-servers';

let publicServer: ServerProcess;
let target: 'public' | 'default' = 'public';
beforeAll(async () => {
  publicServer = await startBuiltServer({ env: { PUBLIC_CATALOGUE: 'true' } });
}, 90_000);
afterAll(() => publicServer?.stop());

const session = useBrowser(() => (target === 'public' ? publicServer.baseUrl : suiteBaseUrl()));

describe('with PUBLIC_CATALOGUE=true', () => {
  beforeAll(() => {
    target = 'public';
  });

  it(
    'a visitor browses games, opens one and sees the categories, with tab titles that name what is shown',
    { timeout: 90_000 },
    async () => {
      const page = await session.newPage();
      await page.goto('/games', { waitUntil: 'networkidle' });
      expect(new URL(page.url()).pathname).toBe('/games');
      await page.getByRole('heading', { level: 1, name: 'Games' }).waitFor();
      expect(await page.title()).toBe('Games · GameSource');
      await page.getByRole('searchbox').first().fill('detective');
      await expect.poll(() => page.title()).toBe('“detective” in games · GameSource');
      // Judged once the results are in: the previous ones are dimmed (and busy) while the search is on its way.
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto('/game-detail?id=1', { waitUntil: 'networkidle' });
      const title = await page.getByRole('heading', { level: 1 }).textContent();
      expect(title).toBeTruthy();
      await expect.poll(() => page.title()).toBe(`${title} · GameSource`);
      // Free games say Play; paid ones send the player to the maker's site.
      await page.getByRole('button', { name: /^(Play|Get it on the maker’s site)/ }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto('/categories', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
      await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
      expect(await page.getByRole('button', { name: /^Favourite:/ }).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    },
  );

  it('the served game page already carries the game and its preview tags before any script runs', async () => {
    const page = await session.newPage();
    const html = await (await page.request.get('/game-detail?id=1')).text();
    const title = /<meta property="og:title" content="([^"]+)">/.exec(html)?.[1];
    expect(title).toBeTruthy();
    expect(html).toMatch(new RegExp(`<div id="root">.*<h1[^>]*>${title}</h1>`, 's'));
    expect(html).toContain('<meta name="gamesource:catalogue" content="public">');
  });

  it('other guarded screens still send a visitor to sign in', async () => {
    const page = await session.newPage();
    await page.goto('/submit-game');
    await page.waitForURL(/\/login\?next=%2Fsubmit-game$/);
  });
});

describe('by default (the spec)', () => {
  beforeAll(() => {
    target = 'default';
  });

  it.each(['/games', '/game-detail?id=1', '/gamedetail?id=1', '/categories'])('%s sends a visitor to /login with next', async (path) => {
    const page = await session.newPage();
    await page.goto(path);
    await page.waitForURL(`**/login?next=${encodeURIComponent(path)}`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  it('a signed-in tab shows the game title on its page', async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/game-detail?id=2', { waitUntil: 'networkidle' });
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    await expect.poll(() => page.title()).toBe(`${title} · GameSource`);
  });
});
