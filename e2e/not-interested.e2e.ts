import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInVerified } from './support/accounts';
import { seriousAxeViolations, useBrowser } from './support/browser';
import { screenshotFolder } from './support/screenshots';

const session = useBrowser();
const shots = screenshotFolder('not-interested');

async function firstGame(): Promise<{ id: string; title: string }> {
  const response = await fetch(`${session.baseUrl}/api/games?pageSize=1&sort=title`);
  return ((await response.json()) as { items: { id: string; title: string }[] }).items[0]!;
}

const cardTitles = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

/** The page in both themes and at phone width, for a person to look at (not kept in the repository). */
async function screenshots(page: Page, name: string, part?: Locator) {
  if (!shots) return;
  for (const [colorScheme, width] of [
    ['dark', 1280],
    ['light', 1280],
    ['dark', 375],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    // Through the header's switch: a reload would lose what the page shows now.
    await page.getByRole('combobox', { name: 'Theme' }).first().selectOption(colorScheme);
    await page.waitForTimeout(400); // colours change with a transition
    await (part ?? page).screenshot({ path: `${shots}/${name}-${colorScheme}-${width}.png` });
  }
}

/** Activates a control from the keyboard: it takes the focus, then Enter. */
async function press(page: Page, role: 'button', name: string) {
  await page.getByRole(role, { name }).focus();
  await page.keyboard.press('Enter');
}

describe('not interested', () => {
  it('hides a game from the game page, leaves it out of /games, and brings it back from /account', async () => {
    const game = await firstGame();
    const page = await session.newPage();
    await signInVerified(page, session.baseUrl, 'Nina Notinterested');
    await page.goto('/games?sort=title', { waitUntil: 'networkidle' });
    await expect.poll(() => cardTitles(page)).toContain(game.title);

    await page.goto(`/game-detail?id=${game.id}`, { waitUntil: 'networkidle' });
    await press(page, 'button', `Not interested: ${game.title}`);
    await expect.poll(() => page.getByText(`You won’t see ${game.title} in your lists, search or home.`).count()).toBe(1);
    // The button is gone: Undo has the focus, and undoes.
    await expect.poll(() => focusedName(page)).toBe(`Undo: show ${game.title} again`);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe(`Not interested: ${game.title}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe(`Undo: show ${game.title} again`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'game-page');

    await page.goto('/games?sort=title', { waitUntil: 'networkidle' });
    await expect.poll(() => cardTitles(page)).not.toContain(game.title);
    expect((await cardTitles(page)).length).toBeGreaterThan(0);

    await page.goto('/account#not-interested', { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Not interested' });
    await expect.poll(() => section.getByRole('link', { name: game.title }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(page, 'account', section);

    await press(page, 'button', `Show again: ${game.title}`);
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toBe(`${game.title} will show again in your lists, search and home.`);
    await expect.poll(() => section.getByRole('link', { name: game.title }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Not interested');
    expect(await section.getByText('No games hidden.').count()).toBe(1);

    await page.goto('/games?sort=title', { waitUntil: 'networkidle' });
    await expect.poll(() => cardTitles(page)).toContain(game.title);
  });
});
