import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coverPng, PASSWORD, signInVerified, submitGame } from './support/accounts';
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

/** What has focus as a user meets it: an input's type and label, or the tag and name of anything else. */
const described = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const label = (element as HTMLInputElement).labels?.[0]?.textContent?.trim();
    const name = element.getAttribute('aria-label') ?? (label || element.textContent?.trim()) ?? '';
    const kind = element instanceof HTMLInputElement ? element.type : element.tagName.toLowerCase();
    return `${kind}: ${name}`.slice(0, 120);
  });

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, at most `most` times; answers what had
 * focus on the way. Fails if the target is not reached, or if focus falls to the page body.
 */
async function tabUntil(page: Page, target: string, most: number, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<string[]> {
  const passed: string[] = [];
  for (let press = 0; press < most; press++) {
    await page.keyboard.press(key);
    const now = await described(page);
    if (now === target) return passed;
    if (now === 'body') throw new Error(`Focus fell to the page body after ${[...passed, now].join(' → ')}`);
    passed.push(now);
  }
  throw new Error(`${target} not reached in ${most} presses of ${key}; passed ${passed.join(' → ')}`);
}

const announced = (page: Page) => page.getByTestId('route-announcer').textContent();

async function gameId(slug: string): Promise<number> {
  const response = await fetch(`${session.baseUrl}/api/games?pageSize=100`);
  const { items } = (await response.json()) as { items: { id: string; slug: string }[] };
  return Number(items.find((game) => game.slug === slug)!.id);
}

describe('keyboard and focus', () => {
  for (const width of [1280, PHONE]) {
    it(`signs in with the keyboard alone from the top of the page: e-mail, Tab, password, Enter; focus lands on the new page heading, which is announced (${width}px)`, async () => {
      const setup = await session.newPage();
      const { email } = await signInVerified(setup, session.baseUrl, 'Kay Board');
      const page = await session.newPage({ width });
      await page.goto('/login?next=%2Fcategories', { waitUntil: 'networkidle' });
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).waitFor();
      // From the top: through the header to the e-mail field. At phone width the site's links
      // wait behind the Menu button; at desktop width they are in the row and there is no Menu button.
      const passed = await tabUntil(page, 'email: E-mail', 25);
      if (width === PHONE) {
        expect(passed).toContain('button: Menu');
        expect(passed).not.toContain('a: Games');
      } else {
        expect(passed).toContain('a: Games');
        expect(passed).not.toContain('button: Menu');
      }
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('input#sign-in-password: ');
      await page.keyboard.type(PASSWORD);
      // "Forgot password?" is still there, after the password.
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('button: Forgot password?');
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe('input#sign-in-password: ');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/categories');
      await expect.poll(() => focused(page)).toBe('h1: Categories');
      await expect.poll(() => announced(page)).toBe('Categories');
    });

    it(`skips from the search box to the results in three presses, and Enter on a result focuses its page heading (${width}px)`, async () => {
      const page = await session.newPage({ width, signedInAs: 'demo' });
      await page.goto('/games', { waitUntil: 'networkidle' });
      // From the top of the page to the search box, by Tab alone.
      await tabUntil(page, 'search: Search games', 25);
      await page.keyboard.type('lamplit');
      await page.getByText(/Showing 1–1 of 1 game$/).waitFor();
      expect(await described(page)).toBe('search: Search games');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('a: Skip to results');
      expect(await page.getByRole('link', { name: 'Skip to results' }).isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      expect(await focused(page)).toMatch(/^div#results/);
      if (width === PHONE) {
        // The filters are in a drawer, before the results: Shift+Tab reaches its button, which
        // opens it; Escape closes it and gives focus back to the button.
        await tabUntil(page, 'button: Filters1 active', 6, 'Shift+Tab');
        expect(await page.getByRole('button', { name: 'Filters 1 active' }).count()).toBe(1);
        await page.keyboard.press('Enter');
        await page.getByRole('dialog', { name: 'Filters' }).waitFor();
        expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByRole('dialog', { name: 'Filters' }).count()).toBe(0);
        expect(await described(page)).toBe('button: Filters1 active');
        await tabUntil(page, 'a: Skip to results', 10, 'Shift+Tab');
        await page.keyboard.press('Enter');
        expect(await focused(page)).toMatch(/^div#results/);
      }
      // The first result's controls (favourite, add to list), then its link.
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatch(/The Lamplit Table/);
      await tabUntil(page, 'a: The Lamplit Table', 3);
      await page.keyboard.press('Enter');
      await page.waitForURL(/game-detail/);
      await expect.poll(() => focused(page)).toBe('h1: The Lamplit Table');
      await expect.poll(() => announced(page)).toBe('The Lamplit Table');
    });
  }

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

describe('submitting a game with the keyboard alone', () => {
  for (const width of [1280, PHONE]) {
    it(`fills every required field by keyboard, is sent to the first problem, uploads the cover, and lands on My games (${width}px)`, async () => {
      const page = await session.newPage({ width });
      await signInVerified(page, session.baseUrl, 'Keyla Maker');
      await page.goto('/submit-game', { waitUntil: 'networkidle' });
      // The form arrives with its code, which a loaded machine can still be running after the network is idle.
      await page.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
      const title = `Keyed Quest ${width} ${Date.now()}`;
      const keys = page.keyboard;

      await tabUntil(page, 'text: Title', 30);
      await keys.type(title);
      await keys.press('Tab');
      expect(await described(page)).toBe('text: Tagline');
      await keys.type('Witnesses who remember what you said.');
      await keys.press('Tab');
      expect(await described(page)).toBe('text: Developer or studio');
      await keys.type('Lantern Owl Studio');
      await keys.press('Tab');
      expect(await described(page)).toBe('date: Release date');
      await keys.type('03142026');
      expect(await page.getByLabel('Release date').inputValue()).toBe('2026-03-14');
      await tabUntil(page, 'textarea: Description', 2);
      await keys.type('Question **witnesses** in their own words.');
      await expect.poll(() => page.getByRole('region', { name: 'Description preview' }).locator('strong').textContent()).toBe('witnesses');

      // Checkboxes: Tab to one, Space ticks it.
      await tabUntil(page, 'checkbox: Puzzle', 20);
      await keys.press('Space');
      // Radios: Tab enters the group on its first option, arrows move and choose.
      await tabUntil(page, 'radio: Free', 20);
      await keys.press('Space');
      await keys.press('Tab');
      expect(await described(page)).toBe('url: Play URL');
      await keys.type('https://play.example.com/quillmind');
      await tabUntil(page, 'checkbox: Web browser', 10);
      await keys.press('Space');
      // Past the platforms and the optional web build's fields, every one reachable, to the AI questions.
      const passed = await tabUntil(page, 'checkbox: NPC dialogue', 20);
      expect(passed).toEqual(
        expect.arrayContaining(['radio: A zip', 'file: Zip of the web build', 'select: Shape of the game’s screen', 'button: Upload']),
      );
      await keys.press('Space');
      await tabUntil(page, 'radio: On device', 10);
      await keys.press('ArrowRight');
      expect(await described(page)).toBe('radio: Cloud');
      for (const question of ['game-ai-worksOffline', 'game-ai-needsOwnApiKey', 'game-ai-outputModerated']) {
        await keys.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe(question);
        await keys.press('ArrowRight');
        expect(await described(page)).toBe('radio: No');
      }
      await keys.press('Tab');
      expect(await described(page)).toBe('text: Model family');
      await keys.type('Open-weights LLM');

      // The disclosure questions (decision 0064): each radio group is entered by Tab and chosen by Space.
      for (const [answer, text] of [
        ['radio: Made beforehand', undefined],
        ['radio: OpenAI', 'text: Model'],
        ['radio: Nothing leaves your device', undefined],
        ['radio: Not kept', undefined],
        ['radio: Free', undefined],
        ["radio: Proprietary (the provider's terms)", undefined],
      ] as const) {
        await tabUntil(page, answer, 5);
        await keys.press('Space');
        if (text) {
          await keys.press('Tab');
          expect(await described(page)).toBe(text);
          await keys.type('gpt-4o-mini');
        }
      }

      // No cover yet: Submit sends focus to the first problem, the cover, and says why.
      await tabUntil(page, 'button: Submit for review', 5);
      await keys.press('Enter');
      await page.getByRole('alert').getByText('Some fields need your attention before the game can be reviewed.').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('game-cover');
      expect(await page.getByRole('group', { name: 'Cover image' }).getByText('Cover image is required').count()).toBe(1);

      // The next Tab is the cover's file input; a browser cannot type a file, so it is given to the focused input.
      await keys.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('game-cover-upload-file');
      // The first upload is held until it is cancelled; the next goes up after a moment.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let firstHeld: () => void = () => undefined;
      const firstIsHeld = new Promise<void>((resolve) => (firstHeld = resolve));
      let uploads = 0;
      await page.route('**/api/uploads', async (route) => {
        if (++uploads === 1) {
          firstHeld();
          await held;
          await route.abort().catch(() => undefined);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      const cover = async () =>
        page.locator(':focus').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() });
      await cover();
      // The file input goes while the one cover goes up: focus moves to its Cancel, not to the page.
      await expect.poll(() => described(page), { timeout: 5000 }).toBe('button: Cancel cover.png');
      // Cancelled only once the route holds it: a request cancelled before it reaches the route never counts,
      // and the next upload would be the one held and aborted.
      await firstIsHeld;
      // Cancelled, the file input is back, and has focus.
      await keys.press('Enter');
      release();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 5000 }).toBe('game-cover-upload-file');
      await cover();
      await expect.poll(() => described(page), { timeout: 5000 }).toBe('button: Cancel cover.png');
      // Once it is up, focus goes to its description, and the status line says so.
      await expect.poll(() => described(page), { timeout: 20_000 }).toBe('text: Cover image: description for people who cannot see it');
      expect(await page.getByRole('group', { name: 'Cover image' }).getByRole('status').textContent()).toBe(
        'Cover image is uploaded: describe it for people who cannot see it.',
      );
      await keys.type('A lamplit study full of case files');

      await tabUntil(page, 'button: Submit for review', 5);
      await keys.press('Space');
      await page.waitForURL('**/my-games?sent=1');
      await expect.poll(() => focused(page)).toBe('h1: My games');
      await expect.poll(() => announced(page)).toBe('My games');
      expect(await page.getByRole('status').filter({ hasText: 'Sent for review.' }).count()).toBe(1);
      await page.getByRole('article', { name: title }).getByText('Waiting for review').waitFor();
    }, 60_000);
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
