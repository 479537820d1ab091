import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const session = useBrowser();

const isStream = (call: string) => call === '/api/live';

/** The API calls the page makes from now on (paths, sorted, without event streams), and how many event streams it opens. */
function followCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  return () => ({ api: calls.filter((call) => !isStream(call)).sort(), streams: calls.filter(isStream).length });
}

const mainLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

describe('a signed-in first visit, whose screen the server rendered', () => {
  it.each(['/', '/games', '/game-detail?id=3'])(
    '%s comes with its answers: it opens its one event stream and asks nothing else',
    async (path) => {
      const page = await session.newPage({ signedInAs: 'demo' });
      const calls = followCalls(page);
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(calls()).toEqual({ api: [], streams: 1 });
    },
  );
});

// Opened from another screen, which already asked who is signed in (with the bell's unread
// count); the page reopens the event stream once with the new screen's topics.
describe('the calls a signed-in page makes when it is opened from another', () => {
  it('home: the sections with their hearts, and the categories', async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/about', { waitUntil: 'networkidle' });
    const calls = followCalls(page);
    await page.getByRole('link', { name: 'GameSource' }).first().click();
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    await expect.poll(() => calls().streams).toBe(1);
    expect(calls()).toEqual({ api: ['/api/categories', '/api/home'], streams: 1 });
  });

  it('/games: the page of games with its hearts in it (decision 0051), and the categories', async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/about', { waitUntil: 'networkidle' });
    const calls = followCalls(page);
    await mainLink(page, 'Games').click();
    await expect.poll(() => page.getByRole('article').count()).toBe(12);
    await expect.poll(() => calls().streams).toBe(1);
    expect(calls()).toEqual({ api: ['/api/categories', '/api/games'], streams: 1 });
  });

  it("a game page: the game, and the viewer's facts with similar games, the follow state, the newest reviews and the maker's updates in one call", async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/games', { waitUntil: 'networkidle' });
    const calls = followCalls(page);
    const firstGame = page.getByRole('list', { name: 'Games' }).getByRole('link').first();
    const id = new URL((await firstGame.getAttribute('href'))!, session.baseUrl).searchParams.get('id');
    await firstGame.click();
    await expect.poll(() => page.getByRole('list', { name: 'Similar games' }).getByRole('article').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Follow(ing)? / }).waitFor();
    // The reviews list has its count: the newest reviews came too.
    await page.getByRole('heading', { name: /^\d+ reviews?$/ }).waitFor();
    await expect.poll(() => calls().streams).toBe(1);
    // The categories came with /games; the follow state (decision 0039) and the maker's update
    // posts (decision 0066) come in the viewer's answer.
    await page.getByRole('heading', { name: 'Updates' }).waitFor();
    expect(calls().api).toEqual([`/api/games/${id}`, `/api/games/${id}/viewer`]);
    expect(calls().streams).toBe(1);
  });
});
