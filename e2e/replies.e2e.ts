import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified, submitGame } from './support/accounts';
import { seriousAxeViolations, useBrowser } from './support/browser';
import { startBuiltServer, type ServerProcess } from './support/server-process';

// A server of this file's own: its admin (ADMIN_EMAILS) makes the moderator who lists the maker's
// game, and visitors may open a game's page (PUBLIC_CATALOGUE).
const ADMIN_EMAIL = `admin-replies-${Date.now()}@example.com`;
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

const post = (page: Page, path: string, data: unknown) => page.context().request.post(path, { headers: { origin: server.baseUrl }, data });

/** A game of the maker's own, submitted and approved by a moderator the admin made; and the moderator's page. */
async function listedGameOf(maker: Page, title: string) {
  const admin = await session.newPage();
  await signInVerified(admin, server.baseUrl, 'Ada Admin', ADMIN_EMAIL);
  const mod = await member('Mira Moderator');
  expect((await post(admin, '/api/auth/admin/set-role', { userId: mod.id, role: 'moderator' })).ok()).toBe(true);
  const submissionId = await submitGame(maker.context().request, server.baseUrl, title);
  const approved = await post(mod.page, `/api/moderation/submissions/${submissionId}/approve`, {});
  expect(approved.ok(), await approved.text()).toBe(true);
  return { gameId: ((await approved.json()) as { gameId: number }).gameId, moderator: mod.page };
}

const reviewBy = (page: Page, name: string) => page.getByRole('article', { name: `Review by ${name}` });
const replyUnder = (page: Page, name: string) => reviewBy(page, name).getByRole('article', { name: 'Reply from the maker' });
const activeElement = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent?.trim() ?? ''}`);

describe("a maker's reply to a review", () => {
  it('the maker replies by keyboard, edits and deletes it; the reviewer sees it live and on the bell; a visitor sees it without a Reply button', async () => {
    const maker = await member('Mo Maker');
    const { gameId, moderator } = await listedGameOf(maker.page, `Lantern Case ${Date.now()}`);
    const reviewer = await member('Rex Reviewer');
    const review = await post(reviewer.page, `/api/games/${gameId}/reviews`, { stars: 2, body: 'The second case never loads.' });
    expect(review.ok(), await review.text()).toBe(true);

    await reviewer.page.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    const visitor = await session.newPage();
    await visitor.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    await reviewBy(visitor, 'Rex Reviewer').waitFor();
    expect(await visitor.getByRole('button', { name: /^Reply/ }).count()).toBe(0);

    // Keyboard alone: Reply opens the form with focus in its text box; an empty reply is refused beside it.
    const page = maker.page;
    await page.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    const theirs = reviewBy(page, 'Rex Reviewer');
    await theirs.getByRole('button', { name: 'Reply to Rex Reviewer' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Reply to Rex Reviewer' });
    const field = form.getByLabel(/Your reply to Rex Reviewer/);
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await form.getByText('Write your reply').waitFor();
    await field.focus();
    await page.keyboard.type('Fixed in 1.0.2, thank you!');
    await form.getByText('26 / 2,000').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Your reply is posted.').waitFor();
    const mine = replyUnder(page, 'Rex Reviewer');
    await mine.getByText('Fixed in 1.0.2, thank you!').waitFor();
    expect(await mine.getByText('Lantern Owl Studio').count()).toBe(1);
    await expect.poll(() => activeElement(page)).toMatch(/^P:Lantern Owl Studio/);
    expect(await mine.getByRole('link', { name: /^Report/ }).count()).toBe(0);

    // The reviewer's open page shows it live, with a Report link for it; the bell counts it and leads back.
    const shown = replyUnder(reviewer.page, 'Rex Reviewer');
    await shown.getByText('Fixed in 1.0.2, thank you!').waitFor();
    expect(await reviewer.page.getByRole('button', { name: /^(Reply|Edit reply|Delete reply)/ }).count()).toBe(0);
    await shown.getByRole('link', { name: 'Report the maker’s reply to the review by Rex Reviewer' }).click();
    await reviewer.page.getByRole('dialog', { name: 'Report a reply' }).waitFor();
    await reviewer.page.keyboard.press('Escape');
    await reviewer.page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
    const notice = reviewer.page
      .getByRole('region', { name: /^Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'replied to your review' });
    await notice.getByText('Fixed in 1.0.2, thank you!').waitFor();
    await notice.getByRole('link', { name: 'Open' }).click();
    await reviewer.page.waitForURL((url) => url.pathname === '/game-detail' && url.hash === '#reviews');
    await shown.getByText('Fixed in 1.0.2, thank you!').waitFor();

    await visitor.reload({ waitUntil: 'networkidle' });
    await replyUnder(visitor, 'Rex Reviewer').getByText('Fixed in 1.0.2, thank you!').waitFor();
    expect(await visitor.getByRole('button', { name: /^(Reply|Edit reply|Delete reply)/ }).count()).toBe(0);

    // Edit: the form holds the reply; the saved one says edited, for the reviewer too.
    await mine.getByRole('button', { name: 'Edit reply' }).click();
    const edit = page.getByRole('form', { name: 'Edit your reply' });
    await edit.getByLabel(/Your reply to Rex Reviewer/).fill('Fixed in 1.0.3, for real this time.');
    await edit.getByRole('button', { name: 'Save reply' }).click();
    await page.getByRole('status').getByText('Your changes to the reply are saved.').waitFor();
    await mine.getByText('· edited').waitFor();
    await shown.getByText('Fixed in 1.0.3, for real this time.').waitFor();
    expect(await shown.getByText('· edited').count()).toBe(1);

    // Delete asks first; Keep it goes back to Delete, Yes deletes, and Reply comes back with focus.
    await mine.getByRole('button', { name: 'Delete reply' }).click();
    await page.getByRole('alertdialog', { name: 'Delete your reply? This cannot be undone.' }).waitFor();
    await page.getByRole('button', { name: 'Keep it' }).click();
    await expect.poll(() => activeElement(page)).toBe('BUTTON:Delete reply');
    await page.keyboard.press('Enter');
    // The deletion's answer is held until the page's live update has taken the reply away: what it
    // says and where focus goes must not depend on which of the two arrives first.
    await page.route('**/api/reviews/*/reply', async (route) => {
      if (route.request().method() !== 'DELETE') return route.continue();
      const response = await route.fetch();
      await expect.poll(() => mine.count()).toBe(0);
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.getByRole('status').getByText('Your reply is deleted.').waitFor();
    await expect.poll(() => activeElement(page)).toBe('BUTTON:Reply');
    await expect.poll(() => shown.count()).toBe(0);

    // Suspended while the form is open: the server's refusal is shown in the form; after reload, why there is no Reply.
    await page.keyboard.press('Enter');
    await form.getByLabel(/Your reply to Rex Reviewer/).fill('Thanks!');
    const suspended = await post(moderator, `/api/moderation/accounts/${maker.id}/suspend`, { days: 1, reason: 'Spam replies.' });
    expect(suspended.ok(), await suspended.text()).toBe(true);
    session.allowConsoleError(/status of 403 .*\/api\/reviews\/\d+\/reply/);
    await form.getByRole('button', { name: 'Post reply' }).click();
    await form
      .getByRole('alert')
      .getByText(/Your account is suspended until/)
      .waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('Until then you can read, but not reply to reviews.').waitFor();
    expect(await page.getByRole('button', { name: /^Reply/ }).count()).toBe(0);
  }, 120_000);
});
