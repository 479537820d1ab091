import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const session = useBrowser();

interface ApiGame {
  id: string;
  title: string;
  developer: string;
  categories: string[];
}

async function apiGames(query = ''): Promise<{ items: ApiGame[]; total: number }> {
  const response = await fetch(`${session.baseUrl}/api/games?pageSize=100${query}`);
  return (await response.json()) as { items: ApiGame[]; total: number };
}

describe('the catalogue', () => {
  it('lists every sample game as a card and opens a game page with its details', async () => {
    const { items } = await apiGames();
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/games', { waitUntil: 'networkidle' });
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(items.length);
    const titles = await page.getByRole('article').getByRole('heading').allTextContents();
    expect(titles).toEqual(items.map((game) => game.title));

    const game = items[3]!;
    await page.getByRole('link', { name: game.title, exact: true }).click();
    await page.waitForURL(`**/game-detail?id=${game.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(game.title);
    expect(await page.getByText(game.developer).count()).toBeGreaterThan(0);
  });

  it('filters by category through the URL', async () => {
    const rpg = await apiGames('&category=rpg');
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/games?category=rpg', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('article').count()).toBe(rpg.total);
    const titles = await page.getByRole('article').getByRole('heading').allTextContents();
    expect(titles).toEqual(rpg.items.map((game) => game.title));
  });

  it('filters by platform with counts, "Plays in the browser" included, through the URL', async () => {
    const everything = await apiGames();
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/games?platform=windows', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('article').count()).toBe(0);
    await page.goto('/games', { waitUntil: 'networkidle' });
    const browser = page.getByRole('checkbox', { name: /Plays in the browser/ });
    await expect.poll(async () => (await browser.first().locator('xpath=..').textContent()) ?? '').toContain(String(everything.total));
    await browser.first().check();
    await page.waitForURL('**/games?platform=web');
    await expect.poll(() => page.getByRole('article').count()).toBe(everything.total);
    await expect.poll(() => page.getByRole('link', { name: 'Remove Plays in the browser' }).count()).toBeGreaterThan(0);
  });

  it('opens the same game screen at /gamedetail', async () => {
    const [game] = (await apiGames()).items;
    const page = await session.newPage({ width: 375, signedInAs: 'demo' });
    await page.goto(`/gamedetail?id=${game!.id}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(game!.title);
  });

  it('lists the categories with their game counts', async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/categories', { waitUntil: 'networkidle' });
    const response = await fetch(`${session.baseUrl}/api/categories`);
    const { items } = (await response.json()) as { items: { name: string; gameCount: number }[] };
    // Waited for, not counted at once: network-idle can come before the list is drawn.
    for (const category of items) await page.getByText(category.name, { exact: true }).first().waitFor();
  });
});
