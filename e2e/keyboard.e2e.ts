import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signInVerified, submitGame } from './support/accounts';
import { useBrowser } from './support/browser';

const session = useBrowser();
const PHONE = 390;

/** What has focus: its tag, id and the text or name a user meets. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}: ${name}`.slice(0, 120);
  });

const announced = (page: Page) => page.getByTestId('route-announcer').textContent();

async function gameId(slug: string): Promise<number> {
  const response = await fetch(`${session.baseUrl}/api/games?pageSize=100`);
  const { items } = (await response.json()) as { items: { id: string; slug: string }[] };
  return Number(items.find((game) => game.slug === slug)!.id);
}

describe('keyboard and focus', () => {
  it('signs in with the keyboard alone: e-mail, Tab, password, Enter; focus lands on the new page heading, which is announced', async () => {
    const setup = await session.newPage();
    const { email } = await signInVerified(setup, session.baseUrl, 'Kay Board');
    const page = await session.newPage();
    await page.goto('/login?next=%2Fcategories', { waitUntil: 'networkidle' });
    // "Forgot password?" is still there, after the password.
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button: Forgot password?');
    await page.getByLabel('E-mail', { exact: true }).focus();
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('input#sign-in-password: ');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/categories');
    await expect.poll(() => focused(page)).toBe('h1: Categories');
    await expect.poll(() => announced(page)).toBe('Categories');
  });

  it('skips from the search box to the results in three presses, and Enter on a result focuses its page heading', async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/games', { waitUntil: 'networkidle' });
    await page.getByRole('searchbox', { name: 'Search games' }).focus();
    await page.keyboard.type('lamplit');
    await page.getByText(/Showing 1–1 of 1 game$/).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Skip to results');
    expect(await page.getByRole('link', { name: 'Skip to results' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatch(/^div#results/);
    // The first result's controls (favourite, add to list), then its link.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/The Lamplit Table/);
    for (let press = 0; press < 3 && (await focused(page)) !== 'a: The Lamplit Table'; press++) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: The Lamplit Table');
    await page.keyboard.press('Enter');
    await page.waitForURL(/game-detail/);
    await expect.poll(() => focused(page)).toBe('h1: The Lamplit Table');
    await expect.poll(() => announced(page)).toBe('The Lamplit Table');
  });

  it('at phone width: the Menu button comes before its links, Tab stays in the open menu, Escape closes it from anywhere', async () => {
    const page = await session.newPage({ width: PHONE });
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.locator('body').focus();
    await page.keyboard.press('Tab'); // Skip to main content
    await page.keyboard.press('Tab'); // the logo
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button: Menu');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Games');
    // Through the menu and the header, never into the page under the open menu.
    for (let press = 0; press < 20; press++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('#main, footer') ?? null)).toBeNull();
    }
    await page.getByRole('link', { name: 'Games', exact: true }).focus();
    await page.getByRole('link', { name: 'Games', exact: true }).evaluate((link) => link.blur());
    await page.keyboard.press('Escape');
    expect(await page.locator('#site-nav').isVisible()).toBe(false);
    expect(await focused(page)).toBe('button: Menu');
    // With the menu closed the page is in reach again.
    expect(await page.evaluate(() => document.getElementById('main')!.inert)).toBe(false);
  });

  for (const width of [1280, PHONE]) {
    it(`posts, edits and deletes a review with focus on the review's heading after each step (${width}px)`, async () => {
      const id = await gameId('humfield');
      const page = await session.newPage({ width });
      await signInVerified(page, session.baseUrl, 'Focus Reviewer');
      await page.goto(`/game-detail?id=${id}`, { waitUntil: 'networkidle' });
      const form = page.getByRole('form', { name: 'Write a review' });
      await form.waitFor();
      await form.getByRole('radio', { name: '4 stars' }).focus();
      await page.keyboard.press('Space');
      await form.getByLabel(/Your review/).focus();
      await page.keyboard.type('Kept me up all night.');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('button: Post review');
      await page.keyboard.press('Enter');
      await page.getByText('Thanks! Your review is posted.').waitFor();
      await expect.poll(() => focused(page)).toBe('h3: Your review');

      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('button: Edit review');
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('h3: Your review');
      const edit = page.getByRole('form', { name: 'Edit your review' });
      await edit.getByLabel(/Your review/).fill('Kept me up two nights.');
      await edit.getByRole('button', { name: 'Save changes' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Your changes are saved.').waitFor();
      await expect.poll(() => focused(page)).toBe('h3: Your review');

      await page.getByRole('button', { name: 'Delete review' }).focus();
      await page.keyboard.press('Enter');
      expect(await focused(page)).toBe('button: Yes, delete it');
      await page.keyboard.press('Enter');
      await page.getByText('Your review is deleted.').waitFor();
      await expect.poll(() => focused(page)).toBe('h3: Write a review');
    });
  }
});

describe('withdrawing a submission', () => {
  it("asks in the page, like every other confirmation, never in the browser's own box", async () => {
    const page = await session.newPage();
    page.on('dialog', (dialog) => {
      throw new Error(`A browser dialog opened: ${dialog.message()}`);
    });
    await signInVerified(page, session.baseUrl, 'Wren Maker');
    await submitGame(page.context().request, session.baseUrl, 'Withdrawable Quest');
    await page.goto('/my-games', { waitUntil: 'networkidle' });
    const card = page.getByRole('article', { name: 'Withdrawable Quest' });
    await card.getByRole('button', { name: 'Withdraw' }).click();
    const question = card.getByRole('alertdialog', { name: 'Withdraw “Withdrawable Quest”? It will not be reviewed or listed.' });
    await question.waitFor();
    expect(await focused(page)).toBe('button: Yes, withdraw it');
    await page.keyboard.press('Enter');
    await card.getByText('Withdrawn').waitFor();
  });
});

describe('back to the catalogue', () => {
  it('"← All games" keeps the search and filters the game was opened from', async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/games?category=rpg&sort=title', { waitUntil: 'networkidle' });
    await page.getByRole('list', { name: 'Games' }).getByRole('article').first().getByRole('heading').getByRole('link').click();
    await page.waitForURL(/game-detail/);
    await page.getByRole('link', { name: 'All games' }).click();
    await page.waitForURL(/\/games\?/);
    expect(new URL(page.url()).search).toBe('?category=rpg&sort=title');
  });
});
