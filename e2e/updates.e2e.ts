import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedGameOf as listedGameOfShared, signInVerified } from './support/accounts';
import { seriousAxeViolations, useBrowser } from './support/browser';
import { startBuiltServer, type ServerProcess } from './support/server-process';

// A server of this file's own: its admin (ADMIN_EMAILS) makes the moderator who lists the maker's game.
const ADMIN_EMAIL = `admin-updates-${Date.now()}@example.com`;
let server: ServerProcess;
beforeAll(async () => {
  server = await startBuiltServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: 'true', PUBLIC_CATALOGUE: 'true' } });
}, 90_000);
afterAll(() => server?.stop());

const session = useBrowser(() => server.baseUrl);

async function member(name: string) {
  const page = await session.newPage();
  const account = await signInVerified(page, server.baseUrl, name);
  return { page, ...account };
}

const put = (page: Page, path: string) => page.context().request.put(path, { headers: { origin: server.baseUrl } });

const listedGameOf = (maker: Page, title: string) => listedGameOfShared(session, server.baseUrl, ADMIN_EMAIL, maker, title);

const activeElement = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent?.trim() ?? ''}`);

describe("a maker's update posts", () => {
  it('the maker posts an update by keyboard; a follower sees it on the game page, on the bell and on /following', async () => {
    const maker = await member('Uma Updater');
    const gameId = await listedGameOf(maker.page, `Lantern Case ${Date.now()}`);
    const fan = await member('Fay Follower');
    expect((await put(fan.page, `/api/games/${gameId}/follow`)).ok()).toBe(true);

    const page = maker.page;
    await page.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    const open = page.getByRole('button', { name: 'Post an update' });
    await open.focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Post an update' });
    const title = form.getByLabel('Title');
    await expect.poll(() => title.evaluate((element) => element === document.activeElement)).toBe(true);
    // An empty post is refused beside its first field, which takes focus.
    await form.getByRole('button', { name: 'Post update' }).press('Enter');
    await form.getByText('Give your update a title').waitFor();
    await expect.poll(() => title.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Version 1.1');
    await page.keyboard.press('Tab');
    await page.keyboard.type('New **levels** and <b>fixes</b>.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await form.getByLabel('The model it uses now').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Llama 4');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Your update is posted.').waitFor();
    await expect.poll(() => activeElement(page)).toBe('H2:Updates');
    const mine = page.getByRole('article', { name: 'Version 1.1' });
    await mine.getByText('AI changed: Llama 4').waitFor();
    expect(await mine.locator('strong').textContent()).toBe('levels');
    await mine.getByText('<b>fixes</b>', { exact: false }).waitFor();
    expect(await mine.getByRole('link', { name: /^Report/ }).count()).toBe(0);
    expect(await mine.getByRole('button', { name: 'Edit update: Version 1.1' }).count()).toBe(1);

    // The follower: the update on the game page with a Report link and no maker's controls, the bell, /following.
    await fan.page.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    const theirs = fan.page.getByRole('article', { name: 'Version 1.1' });
    await theirs.getByText('AI changed: Llama 4').waitFor();
    await theirs.getByRole('link', { name: 'Report the update “Version 1.1”' }).waitFor();
    expect(await fan.page.getByRole('button', { name: /^(Post an update|Edit update|Delete update)/ }).count()).toBe(0);
    await fan.page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
    await fan.page
      .getByRole('region', { name: /^Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'has an update' })
      .waitFor();
    await fan.page.goto('/following', { waitUntil: 'networkidle' });
    await fan.page
      .getByRole('region', { name: 'Latest updates' })
      .getByRole('link', { name: /Version 1\.1$/ })
      .waitFor();
  }, 120_000);
});
