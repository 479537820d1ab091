import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const session = useBrowser();

const cardTitles = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

async function apiTitles(query: string): Promise<string[]> {
  const response = await fetch(`${session.baseUrl}/api/games?pageSize=100&${query}`);
  return ((await response.json()) as { items: { title: string }[] }).items.map((game) => game.title);
}

async function openCatalogue(width = 1280) {
  const page = await session.newPage({ signedInAs: 'demo', width });
  await page.goto('/games', { waitUntil: 'networkidle' });
  await expect.poll(() => page.getByRole('article').count()).toBe(12);
  return page;
}

describe('finding a game on /games', () => {
  it('searches as you type and forgives a typo', async () => {
    const page = await openCatalogue();
    await page.getByRole('searchbox', { name: 'Search games' }).fill('Humfeild');
    await page.waitForURL(/q=Humfeild/);
    const expected = await apiTitles('q=Humfeild');
    expect(expected[0]).toBe('Humfield');
    await expect.poll(() => cardTitles(page)).toEqual(expected);
  });

  it('filters by including and excluding categories, with the state in the URL', async () => {
    const page = await openCatalogue();
    const categories = page.getByRole('group', { name: 'Categories' });
    await categories.getByRole('checkbox', { name: /^RPG/ }).check();
    await page.waitForURL(/category=rpg/);
    await expect.poll(() => cardTitles(page)).toEqual(await apiTitles('category=rpg'));

    await categories.getByRole('checkbox', { name: 'Exclude Fantasy' }).check();
    await page.waitForURL(/exclude=fantasy/);
    const expected = await apiTitles('category=rpg&exclude=fantasy');
    await expect.poll(() => cardTitles(page)).toEqual(expected);

    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => cardTitles(page)).toEqual(expected);
    await page.goBack({ waitUntil: 'networkidle' });
    await expect.poll(() => cardTitles(page)).toEqual(await apiTitles('category=rpg'));
  });

  it('filters by the AI facets, showing counts, and sorts', async () => {
    const page = await openCatalogue();
    const offline = page.getByRole('group', { name: 'Works offline' });
    const yes = offline.getByRole('radio', { name: /^Yes/ });
    const count = Number(/\((\d+) games?\)/.exec((await yes.textContent()) ?? (await yes.getAttribute('aria-label')) ?? '')?.[1] ?? NaN);
    await yes.check();
    await page.waitForURL(/offline=true/);
    const expected = await apiTitles('offline=true');
    await expect.poll(() => page.getByRole('article').count()).toBe(expected.length);
    if (!Number.isNaN(count)) expect(count).toBe(expected.length);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Top rated' });
    await page.waitForURL(/sort=top-rated/);
    await expect.poll(() => cardTitles(page)).toEqual(await apiTitles('offline=true&sort=top-rated'));
  });

  it('suggests what to loosen when nothing matches', async () => {
    const page = await openCatalogue();
    await page.goto('/games?category=racing&price=paid', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: /^No games match/ }).waitFor();
    await page.getByRole('link', { name: 'Clear all filters' }).first().click();
    await expect.poll(() => page.getByRole('article').count()).toBe(12);
  });

  it('says when a typed price range applies, and applies it on Enter', async () => {
    const page = await openCatalogue();
    const range = page.getByRole('group', { name: 'Price range (US$)' });
    await range.getByText('Applies when you press Enter or leave the box.').waitFor();
    await range.getByLabel('Maximum price').fill('0');
    await page.waitForTimeout(300);
    expect(page.url()).not.toContain('maxPrice');
    await range.getByLabel('Maximum price').press('Enter');
    await page.waitForURL(/maxPrice=0/);
    await expect.poll(() => cardTitles(page)).toEqual(await apiTitles('maxPrice=0'));
  });

  it('works at phone width through the Filters drawer', async () => {
    const page = await openCatalogue(375);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('group', { name: 'Price' }).getByRole('radio', { name: /^Free/ }).check();
    await drawer.getByRole('button', { name: /^Show \d+ games?$/ }).click();
    await page.waitForURL(/price=free/);
    await expect.poll(() => cardTitles(page)).toEqual(await apiTitles('price=free'));
  });

  it('shows how a game uses AI on its page', async () => {
    const page = await openCatalogue();
    await page.getByRole('link', { name: 'The Lying Sphinx', exact: true }).click();
    await page.getByRole('heading', { name: 'How this game uses AI' }).waitFor();
    expect(await page.getByText('Puzzle generator + brute-force solver').count()).toBeGreaterThan(0);
  });
});

describe('a game page', () => {
  it('plays the game in a new tab and counts the play once', async () => {
    const page = await session.newPage({ signedInAs: 'newcomer' });
    await page.context().request.post(`${session.baseUrl}/api/me/signup`, {
      headers: { origin: session.baseUrl },
      data: { username: `player-${Date.now() % 1_000_000}`, acceptTerms: true },
    });
    const before = ((await (await fetch(`${session.baseUrl}/api/games/5`)).json()) as { playCount: number }).playCount;
    await page.goto('/game-detail?id=5', { waitUntil: 'networkidle' });
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /^Play / }).click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toMatch(/^\/play\//);
    expect(await tab.getByText('This is a sample game.').count()).toBe(1);
    await expect
      .poll(async () => ((await (await fetch(`${session.baseUrl}/api/games/5`)).json()) as { playCount: number }).playCount)
      .toBe(before + 1);
  });

  it('keeps a favourite, shown on /favourites, even when the page is left before it is sent', async () => {
    const page = await session.newPage({ signedInAs: 'newcomer' });
    await page.context().request.post(`${session.baseUrl}/api/me/signup`, {
      headers: { origin: session.baseUrl },
      data: { username: `fan-${Date.now() % 1_000_000}`, acceptTerms: true },
    });
    await page.goto('/game-detail?id=6', { waitUntil: 'networkidle' });
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    // The name starts with the word shown, "Favourite"; pressed says whether it is one.
    const heart = page.getByRole('button', { name: `Favourite: ${title}`, exact: true });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    // The heart is held on its way out until the page is left: the browser still sends it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/games\/6\/favourite$/, async (route) => {
      await released;
      await route.continue();
    });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.goto('/about');
    release();
    await page.goto('/favourites', { waitUntil: 'networkidle' });
    await expect.poll(() => cardTitles(page)).toEqual([title]);
  });
});
