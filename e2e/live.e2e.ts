import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const session = useBrowser();
const whole = new Intl.NumberFormat('en-US');
let members = 0;

interface ApiGame {
  id: string;
  title: string;
  playCount: number;
}

async function apiGame(id: string): Promise<ApiGame> {
  return (await (await fetch(`${session.baseUrl}/api/games/${id}`)).json()) as ApiGame;
}

async function sampleGames(): Promise<ApiGame[]> {
  const response = await fetch(`${session.baseUrl}/api/games?pageSize=100`);
  return ((await response.json()) as { items: ApiGame[] }).items;
}

/** A page signed in as a new member who has finished signing up (a new member's play always counts). */
async function memberPage(): Promise<Page> {
  const page = await session.newPage({ signedInAs: 'newcomer' });
  const username = `live_${Date.now().toString(36)}_${++members}`;
  const response = await page.request.post('/api/me/signup', {
    headers: { origin: session.baseUrl },
    data: { username, acceptTerms: true },
  });
  if (!response.ok()) throw new Error(`Finishing sign-up failed: ${response.status()} ${await response.text()}`);
  return page;
}

/** Marks the document, so a test can tell it was updated in place rather than reloaded. */
const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
const wasNotReloaded = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 1);

const playsFact = (page: Page) => page.locator('dt:text-is("Plays") + dd');

describe('live updates', () => {
  it("shows a play counted in one tab on the same game's page in another, without a reload", async () => {
    const game = (await sampleGames())[5]!;
    const player = await memberPage();
    const watcher = await memberPage();
    for (const page of [player, watcher]) await page.goto(`/game-detail?id=${game.id}`, { waitUntil: 'networkidle' });
    const before = (await apiGame(game.id)).playCount;
    await expect.poll(() => playsFact(watcher).textContent()).toBe(whole.format(before));
    await markNoReload(watcher);

    const popup = player.context().waitForEvent('page');
    await player.getByRole('button', { name: new RegExp(`^(Play|Get it on the maker’s site \\(.*\\)) ${game.title}$`) }).click();
    await (await popup).close();

    await expect.poll(() => playsFact(player).textContent(), { timeout: 5000 }).toBe(whole.format(before + 1));
    await expect.poll(() => playsFact(watcher).textContent(), { timeout: 5000 }).toBe(whole.format(before + 1));
    expect(await wasNotReloaded(watcher)).toBe(true);
  });

  it("shows a heart given in one of a member's tabs on the same game's page in another, without a reload", async () => {
    const game = (await sampleGames())[6]!;
    const giver = await memberPage();
    const watcher = await giver.context().newPage();
    for (const page of [giver, watcher]) await page.goto(`/game-detail?id=${game.id}`, { waitUntil: 'networkidle' });
    const heart = (page: Page) => page.getByRole('button', { name: `Favourite: ${game.title}` });
    expect(await heart(watcher).getAttribute('aria-pressed')).toBe('false');
    await markNoReload(watcher);

    await heart(giver).click();
    await expect.poll(() => heart(giver).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => heart(watcher).getAttribute('aria-pressed'), { timeout: 5000 }).toBe('true');
    expect(await wasNotReloaded(watcher)).toBe(true);
  });

  it("shows a heart given on a game's page in one of a member's tabs on the home page in another, without a reload", async () => {
    const giver = await memberPage();
    const watcher = await giver.context().newPage();
    await watcher.goto('/', { waitUntil: 'networkidle' });
    const hearts = watcher.getByRole('button', { name: /^Add .* to favourites$/ });
    const title = /^Add (.*) to favourites$/.exec((await hearts.first().getAttribute('aria-label'))!)![1]!;
    const game = (await sampleGames()).find((candidate) => candidate.title === title)!;
    await markNoReload(watcher);

    await giver.goto(`/game-detail?id=${game.id}`, { waitUntil: 'networkidle' });
    await giver.getByRole('button', { name: `Favourite: ${game.title}` }).click();
    const removeOnHome = watcher.getByRole('button', { name: `Remove ${game.title} from favourites` }).first();
    await expect.poll(() => removeOnHome.count(), { timeout: 5000 }).toBeGreaterThan(0);
    expect(await wasNotReloaded(watcher)).toBe(true);
  });

  it("updates a game's play count on the games list when it changes", async () => {
    const game = (await sampleGames())[2]!;
    const watcher = await memberPage();
    await watcher.goto('/games', { waitUntil: 'networkidle' });
    const card = watcher.getByRole('article').filter({ has: watcher.getByRole('heading', { name: game.title, exact: true }) });
    const before = (await apiGame(game.id)).playCount;
    await expect.poll(() => card.getByText(`${whole.format(before)} plays`, { exact: true }).count()).toBe(1);
    await markNoReload(watcher);

    const player = await memberPage();
    const played = await player.request.post(`/api/games/${game.id}/plays`, { headers: { origin: session.baseUrl } });
    expect(played.ok()).toBe(true);

    await expect.poll(() => card.getByText(`${whole.format(before + 1)} plays`, { exact: true }).count(), { timeout: 5000 }).toBe(1);
    expect(await wasNotReloaded(watcher)).toBe(true);
  });

  it('shows a play counted while a game page rendered on the server was waiting for its code', async () => {
    const game = (await sampleGames())[7]!;
    const watcher = await memberPage();
    let releaseCode!: () => void;
    const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
    await watcher.route('**/assets/start-*.js', async (route) => {
      await codeHeld;
      await route.continue();
    });
    await watcher.goto(`/game-detail?id=${game.id}`, { waitUntil: 'commit' });
    const before = (await apiGame(game.id)).playCount;
    // Painted from the server's answers, before any script: the count as it was.
    await expect.poll(() => playsFact(watcher).textContent()).toBe(whole.format(before));

    const player = await memberPage();
    const played = await player.request.post(`/api/games/${game.id}/plays`, { headers: { origin: session.baseUrl } });
    expect(played.ok()).toBe(true);
    releaseCode();

    await watcher.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'));
    await expect.poll(() => playsFact(watcher).textContent(), { timeout: 5000 }).toBe(whole.format(before + 1));
  });
});
