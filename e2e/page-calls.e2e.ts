import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const session = useBrowser();

/** The API calls a page makes while it opens (paths, sorted), and its event streams. */
async function callsWhileOpening(path: string, ready: (page: Page) => Promise<void>) {
  const page = await session.newPage({ signedInAs: 'demo' });
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await ready(page);
  const isStream = (call: string) => call === '/api/live';
  return { api: calls.filter((call) => !isStream(call)).sort(), streams: calls.filter(isStream).length };
}

// Every page also asks who is signed in, which brings the header bell's unread count too, and
// opens one event stream once it knows the topics of both the header and the screen.
const header = ['/api/me'];

describe('the calls a signed-in page makes as it opens', () => {
  it('home: the sections with their hearts, and the categories', async () => {
    const calls = await callsWhileOpening('/', async (page) => {
      await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    });
    expect(calls.api).toEqual(['/api/categories', '/api/home', ...header].sort());
    expect(calls.streams).toBe(1);
  });

  it('/games: the page of games, the hearts on it, and the categories', async () => {
    const calls = await callsWhileOpening('/games', async (page) => {
      await expect.poll(() => page.getByRole('article').count()).toBe(12);
    });
    expect(calls.api).toEqual(['/api/categories', '/api/games', '/api/me/favourites/among', ...header].sort());
    expect(calls.streams).toBe(1);
  });

  it("a game page: the game, and the viewer's facts with similar games, the follow state and the newest reviews in one call", async () => {
    const calls = await callsWhileOpening('/game-detail?id=3', async (page) => {
      await expect.poll(() => page.getByRole('list', { name: 'Similar games' }).getByRole('article').count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByRole('button', { name: /favourite/i }).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: /^Follow(ing)? / }).waitFor();
      // The reviews list has its count: the newest reviews came too.
      await page.getByRole('heading', { name: /^\d+ reviews?$/ }).waitFor();
    });
    // The follow button's state comes in the viewer's answer too (decision 0039).
    const page = ['/api/categories', '/api/games/3', '/api/games/3/viewer'];
    expect(calls.api).toEqual([...page, ...header].sort());
    expect(calls.streams).toBe(1);
  });
});
