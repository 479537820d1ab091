// Issue 36: a hosted web build plays in its game's page, in a sandboxed frame from an origin of
// its own that can never act as the member (decisions 0065, 0071).
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInVerified } from './support/accounts';
import { seriousAxeViolations, useBrowser } from './support/browser';

const session = useBrowser();

interface HostedGame {
  id: number;
  title: string;
  playCount: number;
  hostedBuild: { version: number; playUrl: string } | null;
}

/** A sample game seeded with a web build that plays in its page. */
async function hostedSampleGame(page: Page): Promise<HostedGame> {
  for (let id = 1; id <= 12; id++) {
    const game = (await (await page.context().request.get(`/api/games/${id}`)).json()) as HostedGame;
    if (game.hostedBuild) return game;
  }
  throw new Error('No sample game has a hosted build');
}

async function memberOnGamePage(width?: number) {
  const page = await session.newPage({ width });
  const member = await signInVerified(page, session.baseUrl, 'Pia Player');
  const game = await hostedSampleGame(page);
  await page.goto(`/game-detail?id=${game.id}`, { waitUntil: 'networkidle' });
  return { page, member, game };
}

async function startPlaying(page: Page, game: HostedGame): Promise<Frame> {
  // Nothing of the game loads before Play.
  expect(page.frames().some((frame) => frame.url().startsWith(new URL(game.hostedBuild!.playUrl).origin))).toBe(false);
  await page.getByRole('button', { name: `Play ${game.title} here` }).click();
  const element = page.locator('iframe[title$=": the game"]');
  await element.waitFor();
  const frame = (await element.elementHandle())!.contentFrame();
  const content = (await frame)!;
  await content.waitForLoadState('load');
  return content;
}

describe('a game whose web build is hosted here', () => {
  it('plays in the page from its own origin: counted once, focused, full screen, a new tab, and Stop gives focus back', async () => {
    const { page, game } = await memberOnGamePage();
    const frame = await startPlaying(page, game);
    expect(frame.url()).toBe(game.hostedBuild!.playUrl);
    expect(new URL(frame.url()).hostname).toBe(`g${game.id}.games.localhost`);
    expect(new URL(page.url()).searchParams.get('play')).toBe('1');
    await expect
      .poll(async () => ((await (await page.context().request.get(`/api/games/${game.id}`)).json()) as HostedGame).playCount)
      .toBe(game.playCount + 1);
    // Keys go to the game: its frame has focus.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    const sandbox = await page.locator('iframe[title$=": the game"]').getAttribute('sandbox');
    expect(sandbox?.split(' ').sort()).toEqual(['allow-pointer-lock', 'allow-popups', 'allow-same-origin', 'allow-scripts']);
    expect(await page.getByRole('link', { name: /Open in a new tab/ }).getAttribute('href')).toBe(game.hostedBuild!.playUrl);
    // The game itself answers a click inside the frame (whichever sample it is, it has a button to press).
    const before = await frame.locator('body').innerText();
    await frame.getByRole('button').filter({ visible: true }).first().click();
    await expect.poll(() => frame.locator('body').innerText()).not.toBe(before);

    await page.getByRole('button', { name: 'Full screen', exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.querySelector('iframe') !== null && document.fullscreenElement !== null))
      .toBe(true);
    await page.evaluate(() => document.exitFullscreen());

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Stop playing' }).click();
    await expect.poll(() => page.locator('iframe[title$=": the game"]').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim().startsWith('Play'))).toBe(true);
    expect(new URL(page.url()).searchParams.get('play')).toBeNull();
  }, 60_000);

  it('cannot act as the member from inside its frame: no session, no /api as them, no reading or navigating the page around it', async () => {
    session.allowConsoleError(/CORS|Failed to fetch|ERR_FAILED|blocked|403|Forbidden|Unsafe attempt|navigate the top/i);
    const { page, member, game } = await memberOnGamePage();
    const frame = await startPlaying(page, game);
    const site = new URL(page.url()).origin;
    const probes = await frame.evaluate(async (siteOrigin) => {
      const outcome = async (work: () => Promise<unknown>) => {
        try {
          return `answered ${JSON.stringify(await work())}`;
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      };
      return {
        cookies: document.cookie,
        readMe: await outcome(async () => (await fetch(`${siteOrigin}/api/me`, { credentials: 'include' })).text()),
        // A write the browser sends without asking first: the cookie stays home and the origin check refuses it.
        favourite: await outcome(
          async () =>
            (
              await fetch(`${siteOrigin}/api/forms/games/1/favourite`, {
                method: 'POST',
                mode: 'no-cors',
                credentials: 'include',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: 'favourite=true',
              })
            ).type,
        ),
        parentPage: await outcome(async () => window.parent.document.title),
        parentStorage: await outcome(async () => window.parent.localStorage.length),
        navigateTop: await outcome(async () => {
          window.top!.location.href = `${siteOrigin}/account`;
          return 'no error';
        }),
      };
    }, site);
    expect(probes.cookies).toBe('');
    expect(probes.readMe).toBe('refused: TypeError');
    // Either way the frame learns nothing: the answer is opaque, or the site's resource policy withholds it.
    expect(probes.favourite).toMatch(/^(answered "opaque"|refused: TypeError)$/);
    expect(probes.parentPage).toBe('refused: SecurityError');
    expect(probes.parentStorage).toBe('refused: SecurityError');
    // The sandbox has no allow-top-navigation: the page around the game stays where it is.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/game-detail');
    const favourites = (await (await page.context().request.get('/api/me/favourites')).json()) as { items: { id: string }[] };
    expect(favourites.items.map((item) => item.id)).not.toContain('1');
    expect(member.id).toBeTruthy();
  }, 60_000);

  it('takes the whole width of a phone', async () => {
    const { page, game } = await memberOnGamePage(390);
    await startPlaying(page, game);
    const box = await page.locator('iframe[title$=": the game"]').boundingBox();
    expect(box!.width).toBeGreaterThan(390 - 48);
  }, 60_000);

  it("plays in the page when Play is pressed before the page's code arrives, on a phone's CPU", async () => {
    const page = await session.newPage();
    await signInVerified(page, session.baseUrl, 'Early Player');
    const game = await hostedSampleGame(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`/game-detail?id=${game.id}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: `Play ${game.title} here` }).click();
    // The server counted the play and answered with the page playing, its frame in the HTML.
    await page.waitForURL((url) => url.searchParams.get('play') === '1', { waitUntil: 'commit' });
    const frame = page.locator('iframe[title$=": the game"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(game.hostedBuild!.playUrl);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-interactive'))).toBe(false);
    await expect
      .poll(async () => ((await (await page.context().request.get(`/api/games/${game.id}`)).json()) as HostedGame).playCount)
      .toBe(game.playCount + 1);
    release();
  }, 60_000);
});
