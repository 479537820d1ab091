import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/browser';
import { useModerationServer, type Member } from './support/moderation';

const suite = useModerationServer();
const { member, post } = suite;

describe('decisions about you', () => {
  it('an author whose review was removed appeals from /account by keyboard; another moderator overturns it; the review is back and the appeal says overturned', async () => {
    const mod = await suite.moderator('Mira Moderator');
    const admin = { page: await suite.admin() };

    const author = await member('Rex Author');
    const { items } = (await (await fetch(`${suite.server.baseUrl}/api/games?pageSize=5`)).json()) as { items: { id: string }[] };
    const gameId = Number(items[0]!.id);
    const body = `A harsh but fair review ${Date.now()}`;
    const posted = await post(author.page, `/api/games/${gameId}/reviews`, { stars: 2, body });
    expect(posted.ok(), await posted.text()).toBe(true);
    const reviewId = ((await posted.json()) as { id: number }).id;

    const reporter = await member('Rhea Reporter');
    expect((await post(reporter.page, '/api/reports', { kind: 'review', targetId: String(reviewId), reason: 'harassment' })).ok()).toBe(
      true,
    );
    const decided = await post(mod.page, `/api/moderation/reports/review/${reviewId}/decide`, { action: 'remove', reason: 'Name-calling' });
    expect(decided.ok(), await decided.text()).toBe(true);

    const page = author.page;
    await page.goto('/account#decisions', { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Decisions about you' });
    await expect.poll(() => section.getByText('Your review was removed').count()).toBe(1);
    expect(await section.getByText('Why: Name-calling').count()).toBe(1);

    // Keyboard alone: focus the appeal's field, type, Tab to Send appeal and press Enter.
    const field = section.getByLabel(/Appeal: why is this decision wrong/);
    await field.focus();
    await page.keyboard.type('It was blunt, not abusive.');
    expect(await section.getByText('26 of 2,000 characters').count()).toBe(1);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => section.getByText('Appeal open: another moderator will decide').count()).toBe(1);
    expect(await field.count()).toBe(0);

    const queue = (await (await admin.page.context().request.get('/api/moderation/appeals')).json()) as { items: { id: number }[] };
    const overturned = await post(admin.page, `/api/moderation/appeals/${queue.items[0]!.id}`, {
      outcome: 'overturn',
      reason: 'Blunt is allowed',
    });
    expect(overturned.ok(), await overturned.text()).toBe(true);

    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => section.getByText('Appeal overturned: the decision was undone').count()).toBe(1);
    expect(await section.getByText('Why: Blunt is allowed').count()).toBe(1);
    await page.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    // Shown in the list and as the author's own review.
    await expect.poll(() => page.getByText(body).count()).toBeGreaterThan(0);
  }, 120_000);

  it('pages through more decisions than one page holds, with links that keep the address', async () => {
    const mod = await suite.moderator('Pia Pager');
    const author = await member('Wes Warned');
    const reporters = [await member('Rae One'), await member('Rae Two'), await member('Rae Three')];
    // 21 warnings about one profile: a page holds 20, and a member files at most 10 reports an hour.
    for (let i = 1; i <= 21; i++) {
      const reported = await post(reporters[i % 3]!.page, '/api/reports', { kind: 'profile', targetId: author.id, reason: 'spam' });
      expect(reported.ok(), await reported.text()).toBe(true);
      const warned = await post(mod.page, `/api/moderation/reports/profile/${author.id}/decide`, {
        action: 'warn',
        reason: `Warning number ${i}`,
      });
      expect(warned.ok(), await warned.text()).toBe(true);
    }
    const page = author.page;
    await page.goto('/account#decisions', { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Decisions about you' });
    await expect.poll(() => section.getByText('Page 1 of 2').count()).toBe(1);
    expect(await section.getByText('Why: Warning number 21', { exact: true }).count()).toBe(1);
    expect(await section.getByText('Why: Warning number 1', { exact: true }).count()).toBe(0);
    await section.getByRole('link', { name: /Next/ }).click();
    await expect.poll(() => section.getByText('Why: Warning number 1', { exact: true }).count()).toBe(1);
    expect(page.url()).toContain('decisions=2');
    expect(await section.getByText('Page 2 of 2').count()).toBe(1);
  }, 120_000);

  it('Download my data downloads JSON with the member’s own review', async () => {
    const author = await member('Dana Download');
    const { items } = (await (await fetch(`${suite.server.baseUrl}/api/games?pageSize=5`)).json()) as { items: { id: string }[] };
    const body = `My own words ${Date.now()}`;
    expect((await post(author.page, `/api/games/${Number(items[1]!.id)}/reviews`, { stars: 4, body })).ok()).toBe(true);
    await author.page.goto('/account', { waitUntil: 'networkidle' });
    const [download] = await Promise.all([
      author.page.waitForEvent('download'),
      author.page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(path, 'utf8');
    expect(JSON.parse(text)).toBeTruthy();
    expect(text).toContain(body);
  }, 60_000);
});

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, most = 60) {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** An author's review removed by `mod`, and the author's appeal of it, through the API. */
async function appealedRemoval(mod: Member, authorName: string, gameIndex: number, appealText: string) {
  const author = await member(authorName);
  const { items } = (await (await fetch(`${suite.server.baseUrl}/api/games?pageSize=20`)).json()) as { items: { id: string }[] };
  const posted = await post(author.page, `/api/games/${Number(items[gameIndex]!.id)}/reviews`, {
    stars: 1,
    body: `Whoever made this should quit ${Date.now()}`,
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  const reviewId = ((await posted.json()) as { id: number }).id;
  const reporter = await member('Rhea Reporter');
  expect((await post(reporter.page, '/api/reports', { kind: 'review', targetId: String(reviewId), reason: 'harassment' })).ok()).toBe(true);
  const decided = await post(mod.page, `/api/moderation/reports/review/${reviewId}/decide`, {
    action: 'remove',
    reason: 'Reviews criticise games, not people.',
  });
  expect(decided.ok(), await decided.text()).toBe(true);
  const decisionId = ((await decided.json()) as { decision: { id: number } }).decision.id;
  const appealed = await post(author.page, `/api/moderation/decisions/${decisionId}/appeal`, { text: appealText });
  expect(appealed.ok(), await appealed.text()).toBe(true);
  return author;
}

describe('the appeals view in /moderation', () => {
  it('another moderator overturns an appeal by keyboard alone; the one who decided sees no buttons; the author sees the outcome', async () => {
    const first = await suite.moderator('Moe First');
    const author = await appealedRemoval(first, 'Una Appellant', 2, 'I meant the studio should rest, not quit.');

    await first.page.goto('/moderation?view=appeals', { waitUntil: 'networkidle' });
    const own = first.page.getByRole('article', { name: 'Appeal by Una Appellant' });
    await own.getByText('You made this decision: another moderator decides its appeal.').waitFor();
    expect(await own.getByRole('button').count()).toBe(0);
    expect(await own.getByRole('radio').count()).toBe(0);

    const second = await suite.moderator('Sam Second');
    const page = second.page;
    await page.goto('/moderation', { waitUntil: 'networkidle' });
    await tabTo(page, page.getByRole('navigation', { name: 'Moderation' }).getByRole('link', { name: 'Appeals' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/moderation?view=appeals');
    const card = page.getByRole('article', { name: 'Appeal by Una Appellant' });
    await card.getByText('I meant the studio should rest, not quit.').waitFor();
    expect(await card.getByRole('region', { name: 'The decision' }).getByText('Reviews criticise games, not people.').count()).toBe(1);
    expect(await card.getByText(/Removed the review, by Moe First/).count()).toBe(1);
    expect(await card.getByText(/Whoever made this should quit/).count()).toBe(1);

    await tabTo(page, card.getByRole('radio', { name: 'Uphold: the decision stands' }));
    await page.keyboard.press('ArrowDown');
    expect(await card.getByRole('radio', { name: /^Overturn/ }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Harsh, but about the studio’s work.');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Overturn the decision');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .getByText('Appeal by Una Appellant overturned: it is put back as it was, and the author has your reason.')
      .waitFor();
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('appeals-title');

    // Decided appeals can be read, and no longer decided.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/moderation?view=appeals&show=decided');
    const decided = page.getByRole('article', { name: 'Appeal by Una Appellant' });
    await decided.getByText('Overturned by Sam Second', { exact: false }).waitFor();
    expect(await decided.getByText('Harsh, but about the studio’s work.').count()).toBe(1);
    expect(await decided.getByRole('button').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await author.page.goto('/account#decisions', { waitUntil: 'networkidle' });
    const section = author.page.getByRole('region', { name: 'Decisions about you' });
    await section.getByText('Appeal overturned: the decision was undone').waitFor();
    expect(await section.getByText('Why: Harsh, but about the studio’s work.').count()).toBe(1);
  }, 120_000);
});
