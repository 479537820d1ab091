import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from './support/accounts';
import { seriousAxeViolations } from './support/browser';
import { useModerationServer } from './support/moderation';
import { screenshotFolder } from './support/screenshots';

const suite = useModerationServer();
const { session, member } = suite;

let moderatorCookies: Awaited<ReturnType<ReturnType<Page['context']>['cookies']>> | undefined;

/** The moderator, made once by the admin; later tests reuse their session. */
async function moderator() {
  const page = moderatorCookies ? await session.newPage() : (await suite.moderator('Mira Moderator')).page;
  if (moderatorCookies) await page.context().addCookies(moderatorCookies);
  else moderatorCookies = await page.context().cookies();
  return { page };
}

/** A sample game (no maker), and a review of it written through the API by `author`. */
async function reviewedGame(author: Page, body: string, slugIndex: number): Promise<{ gameId: number; reviewId: number }> {
  const { items } = (await (await fetch(`${suite.server.baseUrl}/api/games?pageSize=20`)).json()) as { items: { id: string }[] };
  const gameId = Number(items[slugIndex]!.id);
  const posted = await author
    .context()
    .request.post(`/api/games/${gameId}/reviews`, { headers: { origin: suite.server.baseUrl }, data: { stars: 1, body } });
  expect(posted.ok(), await posted.text()).toBe(true);
  return { gameId, reviewId: ((await posted.json()) as { id: number }).id };
}

const reviewBy = (page: Page, name: string) => page.getByRole('article', { name: `Review by ${name}` });

describe('reporting', () => {
  it('a member reports a review; a moderator removes it with a reason; the review is gone and its author is told on the bell', async () => {
    const author = await member('Rex Author');
    const body = `Everyone who made this is an idiot ${Date.now()}`;
    const { gameId } = await reviewedGame(author.page, body, 0);

    const reporter = await member('Rhea Reporter');
    await reporter.page.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    await reviewBy(reporter.page, 'Rex Author').getByRole('link', { name: 'Report the review by Rex Author' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report a review' });
    await dialog.waitFor();
    // The AI reasons are for games only.
    expect(await dialog.getByRole('radio').count()).toBe(8);
    expect(await dialog.getByRole('radio', { name: 'Harmful AI output' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Choose a reason').waitFor();
    await dialog.getByRole('radio', { name: 'Harassment or hate' }).check();
    await dialog.getByLabel(/Anything the moderators should know/).fill('Name-calling, not a review.');
    await dialog.getByText('27 of 1,000 characters').waitFor();
    expect(await seriousAxeViolations(reporter.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Thank you: your report has arrived.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect.poll(() => dialog.count()).toBe(0);

    // A second report of the same item says it is already with the moderators.
    session.allowConsoleError(/status of 409 .*\/api\/reports/);
    await reviewBy(reporter.page, 'Rex Author').getByRole('link', { name: 'Report the review by Rex Author' }).click();
    await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/already reported this/)
      .waitFor();
    await reporter.page.keyboard.press('Escape');

    const mod = await moderator();
    await mod.page.goto('/moderation?view=reports', { waitUntil: 'networkidle' });
    await mod.page.getByRole('link', { name: 'Reports' }).and(mod.page.locator('[aria-current="page"]')).waitFor();
    const group = mod.page.getByRole('region', { name: /^Reports about/ });
    await group.getByText(body).first().waitFor();
    await group.getByText('Name-calling, not a review.').waitFor();
    await group
      .getByText(/Harassment or hate/)
      .first()
      .waitFor();
    expect(await group.getByRole('region', { name: 'As first reported' }).getByText(body).count()).toBe(1);
    await group.getByRole('radio', { name: 'Remove the review' }).check();
    await group.getByRole('button', { name: 'Remove the review' }).click();
    await group.getByText('Write the reason the author will be shown').waitFor();
    await group.getByLabel('Reason (the author is shown it)').fill('Reviews criticise the game, not people.');
    await group.getByRole('button', { name: 'Remove the review' }).click();
    await mod.page
      .getByRole('status')
      .getByText(/removed: the author has your reason/)
      .waitFor();
    expect(await seriousAxeViolations(mod.page)).toEqual([]);

    await reporter.page.reload({ waitUntil: 'networkidle' });
    await reporter.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await reporter.page.getByText(body).count()).toBe(0);

    // The author's bell counts it (live), and the notification names the reason.
    await author.page.goto('/games', { waitUntil: 'networkidle' });
    await author.page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click();
    await author.page.getByText('Reviews criticise the game, not people.', { exact: false }).first().waitFor();
  });

  it('a visitor who presses Report is asked to sign in and comes back to the same page', async () => {
    const someone = await member('Pia Profile');
    const visitor = await session.newPage();
    await visitor.goto(`/profile?id=${someone.id}`, { waitUntil: 'networkidle' });
    const report = visitor.getByRole('link', { name: 'Report Pia Profile’s profile (sign in first)' });
    await report.click();
    await visitor.waitForURL('**/login?next=**');
    const account = await member('Vic Visitor');
    await account.page.context().clearCookies();
    await visitor.getByLabel('E-mail', { exact: true }).fill(account.email);
    await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visitor.waitForURL((url) => url.pathname === '/profile' && url.searchParams.get('id') === someone.id);
    await visitor.getByRole('link', { name: 'Report Pia Profile’s profile' }).click();
    await visitor.getByRole('dialog', { name: 'Report a profile' }).waitFor();
  });

  it('before the page’s scripts arrive, Report is a link to the report page, which sends the report and goes back', async () => {
    const author = await member('Nia Noscript');
    const body = `Buy followers at example dot com ${Date.now()}`;
    const { gameId } = await reviewedGame(author.page, body, 1);
    const reporter = await member('Oli Offline');
    const html = await (await reporter.page.context().request.get(`/game-detail?id=${gameId}`)).text();
    const href = /<a href="(\/report\?kind=review[^"]*)"[^>]*aria-label="Report the review by Nia Noscript"/.exec(html)?.[1];
    expect(href, 'the rendered page has the Report link').toBeTruthy();
    await reporter.page.goto(href!.replaceAll('&amp;', '&'), { waitUntil: 'networkidle' });
    await reporter.page.getByRole('radio', { name: 'Spam or advertising' }).check();
    await reporter.page.getByRole('button', { name: 'Send report' }).click();
    await reporter.page.getByText('Thank you: your report has arrived.').waitFor();
    await reporter.page.getByRole('button', { name: 'Go back' }).click();
    await reporter.page.waitForURL((url) => url.pathname === '/game-detail' && url.searchParams.get('id') === String(gameId));
  });

  it('the report dialog works with the keyboard alone: focus stays inside, Escape closes it, focus comes back', async () => {
    const reporter = await member('Kit Keys');
    const { items } = (await (await fetch(`${suite.server.baseUrl}/api/games?pageSize=20`)).json()) as {
      items: { id: string; title: string }[];
    };
    const game = items[2]!;
    const page = reporter.page;
    await page.goto(`/game-detail?id=${game.id}`, { waitUntil: 'networkidle' });
    const report = page.getByRole('link', { name: `Report ${game.title}`, exact: true });
    await report.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report a game' });
    await dialog.waitFor();
    // A game can be reported for its AI too.
    expect(await dialog.getByRole('radio').count()).toBe(10);
    const inDialog = () => page.evaluate(() => document.activeElement?.closest('dialog') !== null);
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog(), `focus after ${i + 1} Tab presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Report ${game.title}`);
    // Open again; Escape and Enter pressed together (faster than the dialog's close event)
    // close it and open it once more.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await Promise.all([page.keyboard.press('Escape'), page.keyboard.press('Enter')]);
    await dialog.waitFor({ timeout: 5_000 });

    // Choose a reason with the arrow keys, write a note, send, all by keyboard.
    const reasons = dialog.getByRole('radio');
    await reasons.first().focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: 'Sexual content' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('The cover shows more than the rating allows.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.getByText('Thank you: your report has arrived.').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('a moderator suspends an author for 7 days from the queue; the author sees why and until when, and reinstating lifts it', async () => {
    const author = await member('Sol Suspended');
    const body = `Spoilers ahead, and a slur ${Date.now()}`;
    const { gameId, reviewId } = await reviewedGame(author.page, body, 3);
    const reporter = await member('Tia Tells');
    const filed = await reporter.page.context().request.post('/api/reports', {
      headers: { origin: suite.server.baseUrl },
      data: { kind: 'review', targetId: String(reviewId), reason: 'harassment', note: 'A slur in the second line.' },
    });
    expect(filed.ok(), await filed.text()).toBe(true);

    const mod = await moderator();
    await mod.page.goto('/moderation?view=reports', { waitUntil: 'networkidle' });
    const group = mod.page.getByRole('region', { name: /^Reports about/ });
    await shoot(mod.page, 'moderation-reports', group.getByRole('radio', { name: 'Suspend the author' }));
    await mod.page.getByRole('button', { name: /by Sol Suspended/ }).click();
    await group.getByText(body).first().waitFor();
    await group.getByRole('radio', { name: 'Suspend the author' }).check();
    await group.getByRole('radio', { name: '7 days' }).check();
    await group.getByLabel('Reason (the author is shown it)').fill('Slurs in reviews are not allowed.');
    await group.getByRole('button', { name: 'Suspend the author for 7 days' }).click();
    await mod.page
      .getByRole('status')
      .getByText(/the author is suspended/)
      .waitFor();

    await author.page.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    const banner = author.page.getByRole('region', { name: 'Your account is suspended' });
    await banner.getByText(/Your account is suspended until .* UTC: Slurs in reviews are not allowed\./).waitFor();
    expect(await banner.innerText()).not.toContain('..');
    await author.page.getByText('Until then you can read, but not edit your review.').waitFor();
    expect(await author.page.getByRole('button', { name: 'Edit review' }).count()).toBe(0);
    await shoot(author.page, 'suspended-game-page', banner);

    await mod.page.getByRole('link', { name: 'Restricted accounts' }).click();
    const card = mod.page.getByRole('article', { name: 'Sol Suspended' });
    await card.getByText('Slurs in reviews are not allowed.').waitFor();
    await shoot(mod.page, 'moderation-accounts', card);
    await card.getByRole('button', { name: 'Reinstate Sol Suspended' }).click();
    await card.getByText('Write the reason the member will be shown').waitFor();
    await card.getByLabel(/Reason for reinstating/).fill('Appeal accepted: the word was a quotation.');
    await card.getByRole('button', { name: 'Reinstate Sol Suspended' }).click();
    await mod.page.getByRole('status').getByText('Sol Suspended is in good standing again, and has your reason.').waitFor();
    await expect.poll(() => card.count()).toBe(0);

    await author.page.reload({ waitUntil: 'networkidle' });
    await author.page.getByRole('button', { name: 'Edit review' }).waitFor();
    expect(await banner.count()).toBe(0);

    // The report dialog and the report page, for a person to look at.
    await reporter.page.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    const gameReport = reporter.page.locator('a[aria-haspopup="dialog"][href^="/report?kind=game"]');
    await shoot(reporter.page, 'report-dialog', gameReport, async () => {
      await gameReport.click();
      await reporter.page.getByRole('dialog').getByRole('radio', { name: 'Harmful AI output' }).check();
    });
    await reporter.page.goto(`/report?kind=game&id=${gameId}&back=${encodeURIComponent(`/game-detail?id=${gameId}`)}`, {
      waitUntil: 'networkidle',
    });
    await shoot(reporter.page, 'report-page', reporter.page.getByRole('button', { name: 'Send report' }));
  }, 180_000);
});

describe('the automatic hold', () => {
  it('a review reported by three members in good standing is marked held in the queue, with what that means', async () => {
    const author = await member('Hal Held');
    const body = `You are all clowns ${Date.now()}`;
    const { reviewId } = await reviewedGame(author.page, body, 4);
    const reporters = [await member('Ria One'), await member('Ria Two'), await member('Ria Three')];
    const mod = await moderator();
    // Only accounts a day old or more count towards a hold.
    await suite.signedUpDaysAgo(
      reporters.map((reporter) => reporter.id),
      2,
    );
    for (const reporter of reporters) {
      const filed = await reporter.page.context().request.post('/api/reports', {
        headers: { origin: suite.server.baseUrl },
        data: { kind: 'review', targetId: String(reviewId), reason: 'harassment' },
      });
      expect(filed.ok(), await filed.text()).toBe(true);
    }
    // One report holds nothing: the author's profile stays up, and unmarked.
    const single = await reporters[0]!.page.context().request.post('/api/reports', {
      headers: { origin: suite.server.baseUrl },
      data: { kind: 'profile', targetId: author.id, reason: 'harassment' },
    });
    expect(single.ok(), await single.text()).toBe(true);

    await mod.page.goto('/moderation?view=reports', { waitUntil: 'networkidle' });
    const entry = mod.page.getByRole('button', { name: /by Hal Held/ });
    await entry.getByText('Held: hidden until decided').waitFor();
    const profile = mod.page.getByRole('button', { name: /^Hal Held Profile · 1 report/ });
    await profile.waitFor();
    expect(await profile.getByText('Held: hidden until decided').count()).toBe(0);
    await entry.click();
    const note = mod.page.getByRole('region', { name: /^Reports about/ }).getByRole('note', { name: 'Held' });
    await note.getByText(/the review is out of the game’s reviews, though its stars stay in the average/).waitFor();
    expect(await note.getByText('Held: hidden until decided').count()).toBe(1);
  }, 120_000);
});

const shots = screenshotFolder('reports');

/**
 * The page in both themes, wide and at phone width, for a person to look at (not kept in the
 * repository); `ready` is on screen before each picture, `open` opens what is pictured.
 */
async function shoot(page: Page, name: string, ready: ReturnType<Page['locator']>, open?: () => Promise<void>) {
  if (!shots) return;
  const size = page.viewportSize();
  for (const [theme, width] of [
    ['dark', 1280],
    ['light', 1280],
    ['dark', 390],
    ['light', 390],
  ] as const) {
    await page.evaluate((chosen) => localStorage.setItem('gamesource-ui-theme', chosen), theme);
    await page.setViewportSize({ width, height: 800 });
    await page.reload({ waitUntil: 'networkidle' });
    await open?.();
    await ready.first().waitFor();
    await page.screenshot({ path: `${shots}/${name}-${theme}-${width}.png`, fullPage: !open });
  }
  if (size) await page.setViewportSize(size);
}
