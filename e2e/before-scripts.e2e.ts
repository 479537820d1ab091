import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageHeaders, signInVerified } from './support/accounts';
import { useBrowser } from './support/browser';

const session = useBrowser();

/** Humfield, a free sample game: its Play opens /play/humfield. */
const GAME = { id: 3, title: 'Humfield', playPath: '/play/humfield' };

const interactive = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-interactive'));
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/**
 * A phone's CPU (4x slower) and the app's code held back until `release()`: the page is what the
 * server painted, as a person on a slow phone sees it in the seconds before the code arrives.
 */
async function memberWithCodeHeldBack(width?: number): Promise<{ page: Page; release: () => void }> {
  const page = await session.newPage({ width });
  await signInVerified(page, session.baseUrl, 'Early Tapper');
  return { page, release: await codeHeldBack(page) };
}

async function codeHeldBack(page: Page): Promise<() => void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    // A script asked for by a page that has since gone is no longer wanted.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/**
 * Once the page is painted: a browser shows nothing before its head's stylesheets arrive, and what
 * is hidden by them is laid out as visible until then.
 */
async function painted(page: Page) {
  await page.locator('#main').waitFor({ state: 'attached' });
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet));
}

async function released(page: Page, release: () => void) {
  release();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'), undefined, { timeout: 30_000 });
}

const playCountOf = async (page: Page, id: number) =>
  ((await (await page.context().request.get(`${session.baseUrl}/api/games/${id}`)).json()) as { playCount: number }).playCount;

const isFavourite = async (page: Page, id: number) =>
  (
    (await (await page.context().request.get(`${session.baseUrl}/api/me/favourites/among?ids=${id}`)).json()) as { ids: number[] }
  ).ids.includes(id);

const isFollowing = async (page: Page, id: number) =>
  ((await (await page.context().request.get(`${session.baseUrl}/api/games/${id}/follow`)).json()) as { following: boolean }).following;

const isHidden = async (page: Page, id: number) => {
  const answer = await page.context().request.get(`${session.baseUrl}/api/me/not-interested/games`);
  return ((await answer.json()) as { items: { id: string }[] }).items.some((game) => game.id === String(id));
};

const gameTitles = (page: Page) => page.getByRole('list', { name: 'Games' }).getByRole('heading').allTextContents();

describe('a painted page before its code arrives', () => {
  it('searches for what was typed and Entered at once, then the app takes the box over', async () => {
    const { page, release } = await memberWithCodeHeldBack();
    await page.goto('/games', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search games' });
    await box.fill(GAME.title);
    await box.press('Enter');
    // The searched page is painted, its code still held back (so it never fires `load`).
    await page.waitForURL((url) => url.searchParams.get('q') === GAME.title, { waitUntil: 'commit' });
    await expect.poll(() => gameTitles(page)).toContain(GAME.title);
    expect(await box.inputValue()).toBe(GAME.title);
    expect(await interactive(page)).toBe(false);

    await released(page, release);
    // The app's own search from now on: the address changes without loading another page.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await box.fill('Knucklewise');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Knucklewise');
    await expect.poll(() => gameTitles(page)).toContain('Knucklewise');
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(await page.getByRole('button', { name: 'Apply filters' }).count()).toBe(0);
  });

  it('keeps words typed before the code arrived, and searches for them once it has', async () => {
    const { page, release } = await memberWithCodeHeldBack();
    await page.goto('/games', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search games' });
    await box.fill(GAME.title);
    await released(page, release);
    expect(await box.inputValue()).toBe(GAME.title);
    await page.waitForURL((url) => url.searchParams.get('q') === GAME.title);
    await expect.poll(() => gameTitles(page)).toContain(GAME.title);
  });

  it('filters by a category ticked at once and applied, and applies one ticked as the code arrives', async () => {
    const { page, release } = await memberWithCodeHeldBack();
    await page.goto('/games', { waitUntil: 'commit' });
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: /^Music \(/ }).check();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.getAll('category').includes('music'), { waitUntil: 'commit' });
    await expect.poll(() => gameTitles(page)).toContain(GAME.title);
    expect(await gameTitles(page)).not.toContain('Knucklewise');
    expect(await filters.getByRole('checkbox', { name: /^Music \(/ }).isChecked()).toBe(true);

    // Ticked while the code is still on its way, not applied: the app applies it when it arrives.
    await filters.getByRole('checkbox', { name: /^Casual \(/ }).check();
    await released(page, release);
    await page.waitForURL((url) => url.searchParams.getAll('category').includes('casual'));
    await expect.poll(() => filters.getByRole('checkbox', { name: /^Casual \(/ }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Remove Casual' }).count()).toBe(1);
    expect(await filters.getByRole('button', { name: 'Apply filters' }).count()).toBe(0);
  });

  it('shows the filters on a phone, applies them, excludes a category and removes one before the code arrives', async () => {
    const { page, release } = await memberWithCodeHeldBack(375);
    await page.goto('/games?category=music', { waitUntil: 'commit' });
    await painted(page);
    const filters = page.getByRole('form', { name: 'Filters' });
    expect(await filters.isVisible()).toBe(false);
    // The drawer takes a script: until then 'Filters' shows the panel in place.
    await page.getByRole('link', { name: /^Filters/ }).click();
    await expect.poll(() => filters.isVisible()).toBe(true);
    await filters.getByRole('group', { name: 'Price' }).getByRole('radio', { name: /^Free/ }).check();
    await filters.getByRole('checkbox', { name: 'Exclude Fantasy' }).check();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    const applied = (url: URL) => url.searchParams.get('price') === 'free' && url.searchParams.get('exclude') === 'fantasy';
    await page.waitForURL((url) => applied(url) && url.searchParams.get('category') === 'music', { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Remove Music' }).click();
    await page.waitForURL((url) => applied(url) && !url.searchParams.has('category'), { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Remove Not Fantasy' }).waitFor();
    expect(await page.getByRole('link', { name: 'Remove Music' }).count()).toBe(0);
    expect(await interactive(page)).toBe(false);

    await released(page, release);
    // The app's own controls from now on: the address changes without loading another page.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('checkbox', { name: 'Exclude Fantasy' }).uncheck();
    await page.waitForURL((url) => url.searchParams.get('price') === 'free' && !url.searchParams.has('exclude'));
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('price'));
    await expect.poll(() => page.getByRole('link', { name: 'Remove Free' }).count()).toBe(0);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
  });

  it('opens the game in a new tab and counts the play when Play is clicked at once', async () => {
    const { page, release } = await memberWithCodeHeldBack();
    const before = await playCountOf(page, GAME.id);
    await page.goto(`/game-detail?id=${GAME.id}`, { waitUntil: 'commit' });
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: `Play ${GAME.title}` }).click(),
    ]);
    await tab.waitForURL((url) => url.pathname === GAME.playPath);
    await tab.getByRole('heading', { name: GAME.title }).waitFor();
    expect(await playCountOf(page, GAME.id)).toBe(before + 1);
    expect(new URL(page.url()).pathname).toBe('/game-detail');
    expect(await interactive(page)).toBe(false);

    // Once the code is here, Play still opens the game, and the hour's play is not counted twice.
    await released(page, release);
    const [again] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: `Play ${GAME.title}` }).click(),
    ]);
    await again.waitForURL((url) => url.pathname === GAME.playPath);
    await expect.poll(() => playCountOf(page, GAME.id)).toBe(before + 1);
  });

  it('names no one in the header of a page made for every member, and the member once the code arrives', async () => {
    const { page, release } = await memberWithCodeHeldBack();
    await page.goto(`/game-detail?id=${GAME.id}`, { waitUntil: 'commit' });
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Account (account menu)' }).waitFor();
    expect(await header.textContent()).not.toContain('Early Tapper');
    // Its menu takes the code: until then the button says it is not ready.
    expect(await header.getByRole('button', { name: 'Account (account menu)' }).isDisabled()).toBe(true);

    await released(page, release);
    await header.getByRole('button', { name: 'Early Tapper (account menu)' }).click();
    expect(await page.locator('#account-menu').textContent()).toMatch(/Signed in as\s*@/);
  });

  it('keeps a heart and a follow clicked at once, and shows the buttons that need the code as not ready yet', async () => {
    const { page, release } = await memberWithCodeHeldBack();
    await page.goto(`/game-detail?id=${GAME.id}`, { waitUntil: 'commit' });
    const heart = page.getByRole('button', { name: `Favourite: ${GAME.title}` });
    const follow = page.getByRole('button', { name: `Follow ${GAME.title}` });
    const following = page.getByRole('button', { name: `Following ${GAME.title}` });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('button', { name: `Add to list: ${GAME.title}` }).isDisabled()).toBe(true);
    await heart.click();
    // Back on the game page, painted with the heart filled.
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).search).toBe(`?id=${GAME.id}`);
    expect(await isFavourite(page, GAME.id)).toBe(true);
    await follow.click();
    await following.waitFor();
    expect(await isFollowing(page, GAME.id)).toBe(true);
    expect(new URL(page.url()).search).toBe(`?id=${GAME.id}`);
    expect(await interactive(page)).toBe(false);

    await released(page, release);
    // Interactive means every part of the page works: the game's facts, hydrated after the screen, among them.
    expect(await page.getByRole('button', { name: `Add to list: ${GAME.title}` }).isDisabled()).toBe(false);
    // The app's heart and follow from now on: they change in place.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await following.click();
    await follow.waitFor();
    await expect.poll(() => isFollowing(page, GAME.id)).toBe(false);
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => isFavourite(page, GAME.id)).toBe(false);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
  });

  it('keeps a tap on Add to list, Not interested or Helpful made before the code, and does it once the code arrives', async () => {
    const { page, release } = await memberWithCodeHeldBack();
    await page.goto(`/game-detail?id=${GAME.id}`, { waitUntil: 'commit' });
    const addToList = page.getByRole('button', { name: `Add to list: ${GAME.title}` });
    await addToList.waitFor();
    expect(await addToList.getAttribute('aria-disabled')).toBe('true');
    // A tap as a person makes it: on a button that says it is not ready.
    await addToList.click({ force: true });
    expect(await addToList.getAttribute('aria-busy')).toBe('true');
    await released(page, release);
    await page.getByRole('dialog', { name: `Add ${GAME.title} to a list` }).waitFor();
    expect(await addToList.getAttribute('aria-busy')).toBe(null);
    expect(await addToList.getAttribute('aria-disabled')).toBe(null);

    const other = await memberWithCodeHeldBack();
    await other.page.goto(`/game-detail?id=${GAME.id}`, { waitUntil: 'commit' });
    const notInterested = other.page.getByRole('button', { name: `Not interested: ${GAME.title}` });
    await notInterested.waitFor();
    // Tapped twice as it waits, and with the keyboard: one hide, once the code is here.
    await notInterested.click({ force: true });
    await notInterested.focus();
    await other.page.keyboard.press('Enter');
    expect(await isHidden(other.page, GAME.id)).toBe(false);
    await released(other.page, other.release);
    await other.page.getByText(`You won’t see ${GAME.title} in your lists, search or home.`).waitFor();
    expect(await isHidden(other.page, GAME.id)).toBe(true);

    // A review by the first member, for the next to find helpful.
    const reviewed = await page.context().request.post(`${session.baseUrl}/api/games/${GAME.id}/reviews`, {
      headers: pageHeaders(session.baseUrl),
      data: { stars: 4, body: 'Calm and lovely.' },
    });
    expect(reviewed.ok(), await reviewed.text()).toBe(true);
    const third = await memberWithCodeHeldBack();
    await third.page.goto(`/game-detail?id=${GAME.id}`, { waitUntil: 'commit' });
    const helpful = third.page.getByRole('button', { name: 'Helpful' }).first();
    await helpful.waitFor();
    expect(await helpful.getAttribute('aria-pressed')).toBe('false');
    await helpful.click({ force: true });
    await released(third.page, third.release);
    await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the saved theme in the header, and applies and keeps one chosen at once', async () => {
    const { page, release } = await memberWithCodeHeldBack();
    await page.goto('/games', { waitUntil: 'commit' });
    await page.evaluate(() => localStorage.setItem('gamesource-ui-theme', 'light'));
    await page.reload({ waitUntil: 'commit' });
    const theme = page.getByLabel('Theme');
    await expect.poll(() => theme.inputValue()).toBe('light');
    expect(await isDark(page)).toBe(false);

    await theme.selectOption({ label: 'Dark' });
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('gamesource-ui-theme'))).toBe('dark');
    expect(await interactive(page)).toBe(false);

    // The app keeps what was chosen, and works the select from now on.
    await released(page, release);
    expect(await theme.inputValue()).toBe('dark');
    expect(await isDark(page)).toBe(true);
    await theme.selectOption({ label: 'System' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('gamesource-ui-theme'))).toBe('system');
  });

  it('opens the phone menu when Menu is tapped at once, and keeps it open as the app takes it over', async () => {
    const page = await session.newPage({ width: 375 });
    const release = await codeHeldBack(page);
    await page.goto('/', { waitUntil: 'commit' });
    await painted(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    const categories = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' });
    expect(await categories.isVisible()).toBe(false);
    await menu.click();
    expect(await categories.isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // As the app's menu: the page under it is out of reach, and Escape closes it.
    expect(await page.locator('#main').evaluate((main) => (main as HTMLElement).inert)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await categories.isVisible()).toBe(false);
    expect(await page.locator('#main').evaluate((main) => (main as HTMLElement).inert)).toBe(false);
    await menu.click();
    await menu.click();
    expect(await categories.isVisible()).toBe(false);
    await menu.click();
    expect(await interactive(page)).toBe(false);

    await released(page, release);
    expect(await categories.isVisible()).toBe(true);
    // The app's menu from now on: one tap closes it, Escape too once it is open again.
    await menu.click();
    await expect.poll(() => categories.isVisible()).toBe(false);
    await menu.click();
    await expect.poll(() => categories.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => categories.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  });
});
