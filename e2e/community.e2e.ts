import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInVerified } from './support/accounts';
import { seriousAxeViolations, useBrowser } from './support/browser';
import { screenshotFolder } from './support/screenshots';

const session = useBrowser();
const shots = screenshotFolder('community');

async function firstGame(): Promise<{ id: string; title: string }> {
  const response = await fetch(`${session.baseUrl}/api/games?pageSize=1&sort=title`);
  return ((await response.json()) as { items: { id: string; title: string }[] }).items[0]!;
}

/** The screen in both themes and at phone width, for a person to look at (not kept in the repository). */
async function screenshots(path: string, name: string) {
  if (!shots) return;
  for (const [colorScheme, width] of [
    ['dark', 1280],
    ['light', 1280],
    ['dark', 375],
  ] as const) {
    const page = await session.newPage({ signedInAs: 'demo', colorScheme, width });
    await page.addInitScript((theme) => localStorage.setItem('gamesource-ui-theme', theme), colorScheme);
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `${shots}/${name}-${colorScheme}-${width}.png`, fullPage: true });
  }
}

const followersText = (page: Page) =>
  page
    .getByText(/\d+ followers?$/)
    .first()
    .textContent();

describe('the community loop', () => {
  it('follows a game from its page, and the Following feed lists it', async () => {
    const game = await firstGame();
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto(`/game-detail?id=${game.id}`, { waitUntil: 'networkidle' });
    const follow = page.getByRole('button', { name: `Follow ${game.title}` });
    await follow.click();
    await expect.poll(() => page.getByRole('button', { name: `Following ${game.title}` }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => followersText(page)).toMatch(/^[1-9]\d* followers?$/);

    await page.goto('/following', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('article').getByRole('heading').allTextContents()).toContain(game.title);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots('/following', 'following');
    await screenshots(`/game-detail?id=${game.id}`, 'game-follow');
  }, 120_000); // six full-page screenshots besides the loop itself

  it('follows a maker from their page, which shows the followers count', async () => {
    const makerPage = await session.newPage();
    const maker = await signInVerified(makerPage, session.baseUrl, 'Maya Maker');
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto(`/profile?id=${maker.id}`, { waitUntil: 'networkidle' });
    await expect.poll(() => followersText(page)).toBe('0 followers');
    await page.getByRole('button', { name: 'Follow Maya Maker' }).click();
    await expect.poll(() => followersText(page)).toBe('1 follower');
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('button', { name: 'Following Maya Maker' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots(`/profile?id=${maker.id}`, 'maker-page');
  });

  it('keeps per-kind notification choices on /account', async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/account', { waitUntil: 'networkidle' });
    const reviews = page.getByRole('group', { name: 'New reviews and ratings of your games' });
    await reviews.getByRole('checkbox', { name: 'By e-mail, once a day' }).check();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBe(1);
    // From the keyboard: the box keeps focus while its choice is saved.
    const bell = reviews.getByRole('checkbox', { name: 'On the bell' });
    await bell.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBe(1);
    expect(await bell.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => reviews.getByRole('checkbox', { name: 'By e-mail, once a day' }).isChecked()).toBe(true);
    expect(await reviews.getByRole('checkbox', { name: 'On the bell' }).isChecked()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshots('/account', 'account-notifications');
  });
});
