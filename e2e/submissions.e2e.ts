import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeZip, sampleBuildEntries } from '../src/test-support/zip-writer';
import { signUpThroughApi, useBrowser } from './support/browser';
import { readOutbox } from './support/outbox';
import { startBuiltServer, type ServerProcess } from './support/server-process';

// A server of this file's own: its admin comes from ADMIN_EMAILS, and that admin makes the
// moderator through Better Auth's admin API, as a real admin would.
const ADMIN_EMAIL = `admin-${Date.now()}@example.com`;
const PASSWORD = 'lantern-orchid-harbor-58';
let server: ServerProcess;
beforeAll(async () => {
  // Sign-ups are rate-limited per address: each account here comes from an address of its own.
  server = await startBuiltServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: 'true' } });
}, 90_000);
afterAll(() => server?.stop());

const session = useBrowser(() => server.baseUrl);
let accounts = 0;

async function signUp(
  page: Page,
  name: string,
  email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${++accounts}@example.com`,
) {
  const request = page.context().request;
  const headers = { origin: server.baseUrl, 'x-forwarded-for': `10.77.0.${++accounts}` };
  await signUpThroughApi(request, server.baseUrl, { email, name, password: PASSWORD }, headers);
  const username = `${name.toLowerCase().replace(/\W+/g, '')}${Date.now() % 100000}${accounts}`;
  expect((await request.post('/api/me/signup', { headers, data: { username, acceptTerms: true } })).ok()).toBe(true);
  const me = (await (await request.get('/api/me')).json()) as { user: { id: string } };
  return { email, id: me.user.id };
}

const coverPng = () =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: '#4b2a8a' } })
    .png()
    .toBuffer();

async function fillGame(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Tagline').fill('Witnesses who remember what you said.');
  await page.getByLabel('Developer or studio').fill('Lantern Owl Studio');
  await page.getByLabel('Release date').fill('2026-03-14');
  await page.getByRole('textbox', { name: 'Description' }).fill('Question **witnesses** in their own words.');
  await expect.poll(() => page.getByRole('region', { name: 'Description preview' }).locator('strong').textContent()).toBe('witnesses');
  await page.getByRole('checkbox', { name: 'Puzzle' }).check();
  await page.getByRole('radio', { name: 'Free' }).first().check();
  await page.getByLabel('Play URL').fill('https://play.example.com/quillmind');
  await page.getByRole('checkbox', { name: 'Web browser' }).check();
  await page.getByRole('checkbox', { name: 'NPC dialogue' }).check();
  await page.getByRole('radio', { name: 'Cloud' }).check();
  for (const question of ['game-ai-worksOffline', 'game-ai-needsOwnApiKey', 'game-ai-outputModerated']) {
    await page.locator(`input[name="${question}"]`).nth(1).check();
  }
  await page.getByLabel('Model family').fill('Open-weights LLM');
  await page.getByRole('radio', { name: 'Made live while you play' }).check();
  await page.getByLabel('What do you do to keep live content safe?').fill('A moderation model checks every line.');
  await page.getByRole('radio', { name: 'OpenAI' }).check();
  await page.getByLabel('Model', { exact: true }).fill('gpt-4o-mini');
  await page.getByRole('radio', { name: 'A third-party AI provider' }).check();
  await page.getByLabel('Which third party receives it?').fill('OpenAI');
  await page.getByRole('radio', { name: 'Kept for a number of days' }).check();
  await page.getByLabel('For how many days?').fill('30');
  await page.getByRole('radio', { name: 'A free allowance, then paid' }).check();
  await page.getByRole('radio', { name: "Proprietary (the provider's terms)" }).check();
}

async function uploadCover(page: Page) {
  // Hold the upload a moment so its progress bar can be seen.
  await page.route('**/api/uploads', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.locator('#game-cover-upload-file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() });
  const progress = page.getByRole('progressbar', { name: 'Uploading cover.png' });
  await expect.poll(() => progress.count()).toBe(1);
  await expect.poll(() => page.locator('img[src^="/uploads/"]').count(), { timeout: 20_000 }).toBe(1);
  expect(await progress.count()).toBe(0);
  await page.getByLabel('Cover image: description for people who cannot see it').fill('A lamplit study full of case files');
}

async function submitForReview(page: Page) {
  await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state'), { timeout: 10_000 }).toBe('saved');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.waitForURL('**/my-games**');
}

let moderatorCookies: Awaited<ReturnType<BrowserContext['cookies']>> | undefined;

/** A page signed in as the moderator, whom the admin made once through Better Auth's admin API. */
async function moderatorPage(): Promise<Page> {
  const page = await session.newPage();
  if (moderatorCookies) {
    await page.context().addCookies(moderatorCookies);
    return page;
  }
  const adminPage = await session.newPage();
  await signUp(adminPage, 'Ada Admin', ADMIN_EMAIL);
  const moderator = await signUp(page, 'Mira Moderator');
  const promoted = await adminPage.context().request.post('/api/auth/admin/set-role', {
    headers: { origin: server.baseUrl },
    data: { userId: moderator.id, role: 'moderator' },
  });
  expect(promoted.ok(), await promoted.text()).toBe(true);
  moderatorCookies = await page.context().cookies();
  return page;
}

const contextOf = (page: Page): BrowserContext => page.context();

/** The newest message to someone in this server's outbox, once it arrives. */
async function mailTo(to: string): Promise<{ subject: string | null; text: string }> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [item] = await readOutbox<{ subject: string | null; text: string }>(server.baseUrl, to);
    if (item) return item;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No message to ${to} arrived`);
}

describe('submitting and moderating a game', () => {
  it('a maker submits a game with a cover, a moderator approves it, and it appears on /games, live in another tab', async () => {
    const maker = await session.newPage();
    await signUp(maker, 'Maya Maker');
    const title = `Quillmind Saga ${Date.now()}`;
    await maker.goto('/submit-game', { waitUntil: 'networkidle' });
    await fillGame(maker, title);
    await uploadCover(maker);
    // A web build goes with the new game: kept with the draft, waiting for its own review.
    const webBuild = maker.getByRole('region', { name: 'Web build (optional)' });
    await webBuild
      .getByLabel('Zip of the web build')
      .setInputFiles({ name: 'game.zip', mimeType: 'application/zip', buffer: makeZip(sampleBuildEntries()) });
    await webBuild.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(() => webBuild.getByText('Version 1 uploaded: it waits for a moderator’s review.').count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => webBuild.getByText('Waiting for review').count()).toBe(1);
    // The draft survives a reload: it is saved on the server under the id in the URL.
    await expect.poll(() => maker.locator('[data-save-state]').getAttribute('data-save-state'), { timeout: 10_000 }).toBe('saved');
    expect(maker.url()).toMatch(/\/submit-game\?draft=\d+$/);
    await maker.reload({ waitUntil: 'networkidle' });
    expect(await maker.getByLabel('Title').inputValue()).toBe(title);
    expect(await maker.locator('img[src^="/uploads/"]').count()).toBe(1);
    await expect.poll(() => webBuild.getByText('Waiting for review').count()).toBe(1);
    await maker.getByLabel('Tagline').fill('Witnesses who remember every word you said.');
    await submitForReview(maker);
    await expect.poll(() => maker.getByText('Waiting for review').count()).toBeGreaterThan(0);

    // Another tab, on the catalogue, searching for the game before it exists.
    const watcher = await contextOf(maker).newPage();
    await watcher.goto(`/games?q=${encodeURIComponent(title)}`, { waitUntil: 'networkidle' });
    expect(await watcher.getByRole('heading', { name: title }).count()).toBe(0);

    const moderator = await moderatorPage();
    await moderator.goto('/moderation', { waitUntil: 'networkidle' });
    await moderator.getByRole('button', { name: new RegExp(title) }).click();
    const preview = moderator.getByRole('region', { name: `Preview of ${title}` });
    await expect.poll(() => preview.getByRole('heading', { name: title }).count()).toBe(1);
    expect(await preview.getByText('Witnesses who remember every word you said.').count()).toBe(1);
    await moderator.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => moderator.getByText(`${title}: Approved`).count()).toBe(1);

    await expect.poll(() => watcher.getByRole('heading', { name: title }).count(), { timeout: 15_000 }).toBe(1);
    // And for anyone else who looks now.
    await moderator.goto(`/games?q=${encodeURIComponent(title)}`, { waitUntil: 'networkidle' });
    await expect.poll(() => moderator.getByRole('heading', { name: title }).count()).toBe(1);
    // Nobody has rated it yet, and every place says so rather than "★ 0.0".
    expect(await moderator.getByRole('article').filter({ hasText: title }).getByText('No ratings yet').count()).toBe(1);
    await moderator.getByRole('heading', { name: title }).getByRole('link').click();
    await moderator.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => moderator.getByTestId('rating-summary').getByText('No ratings yet').count()).toBe(1);
    expect(
      await moderator
        .locator('header')
        .filter({ has: moderator.getByRole('heading', { level: 1 }) })
        .getByText('No ratings yet')
        .count(),
    ).toBe(1);
    expect(await moderator.getByText('0.0', { exact: true }).count()).toBe(0);

    await maker.goto('/my-games', { waitUntil: 'networkidle' });
    await expect.poll(() => maker.getByText(`"${title}" is published`).count()).toBe(1);
    // The game's figures come in an answer of their own, after the list.
    await expect.poll(() => maker.getByRole('img', { name: /plays and 0 new favourites in the last 30 days/ }).count()).toBe(1);
    await expect.poll(() => maker.getByText('No ratings yet').count()).toBe(1);
    // The build sent with it is the listed game's, still waiting for its review.
    await expect
      .poll(() =>
        maker
          .getByRole('region', { name: `Web build: ${title}` })
          .getByText('Waiting for review')
          .count(),
      )
      .toBe(1);
  }, 150_000);

  it('sends a change made just before "Submit for review" with the submission, and saves nothing over it while it goes', async () => {
    const maker = await session.newPage();
    await signUp(maker, 'Quick Quinn');
    await maker.goto('/submit-game', { waitUntil: 'networkidle' });
    await fillGame(maker, `Last Word ${Date.now()}`);
    await uploadCover(maker);
    await expect.poll(() => maker.locator('[data-save-state]').getAttribute('data-save-state'), { timeout: 10_000 }).toBe('saved');
    // The submission is taken at once, but its answer comes slowly: longer than autosave waits after a change.
    await maker.route('**/api/submissions/*/submit', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ response });
    });
    const savesAfterSubmit: string[] = [];
    let submitted = false;
    maker.on('request', (request) => {
      if (request.url().endsWith('/submit')) submitted = true;
      else if (submitted && request.method() === 'PUT' && /\/api\/submissions\/\d+$/.test(request.url()))
        savesAfterSubmit.push(request.url());
    });
    const tagline = 'Witnesses who remember the very last thing you said.';
    await maker.getByLabel('Tagline').fill(tagline);
    await maker.getByRole('button', { name: 'Submit for review' }).click();
    await maker.waitForURL('**/my-games**');
    expect(savesAfterSubmit).toEqual([]);
    const mine = await (await maker.context().request.get('/api/me/submissions')).json();
    expect(mine.items[0]).toMatchObject({ status: 'pending', payload: { tagline } });
  });

  it('marks each problem where it is: every unanswered AI question, and the screenshot that lacks a description', async () => {
    const maker = await session.newPage();
    await signUp(maker, 'Nia Newcomer');
    await maker.goto('/submit-game', { waitUntil: 'networkidle' });
    await maker.getByRole('button', { name: 'Submit for review' }).click();
    for (const message of [
      'Choose at least one thing the AI does',
      'Say where the AI runs: on device, cloud or both',
      'Say whether the game works offline',
      'Say whether players need their own API key',
      "Say whether the AI's output is moderated",
      'Model family is required',
    ]) {
      await expect.poll(() => maker.getByText(message, { exact: true }).count()).toBe(1);
    }
    expect(await maker.getByText('How this game uses AI is required').count()).toBe(0);
    expect(await maker.evaluate(() => document.activeElement?.id)).toBe('game-title');

    await fillGame(maker, `Lamplight ${Date.now()}`);
    await uploadCover(maker);
    await maker
      .locator('#game-screenshots-upload-file')
      .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: await coverPng() });
    const description = maker.getByLabel('Screenshot 1: description for people who cannot see it');
    await description.waitFor();
    await maker.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => description.getAttribute('aria-invalid')).toBe('true');
    expect(await maker.evaluate(() => document.activeElement?.id)).toBe(await description.getAttribute('id'));
    const describedBy = (await description.getAttribute('aria-describedby'))!;
    expect(await maker.locator(`[id="${describedBy}"]`).textContent()).toBe('Screenshot description is required');

    await description.fill('The study at night, a witness at the desk');
    await submitForReview(maker);
    await expect.poll(() => maker.getByText('Waiting for review').count()).toBeGreaterThan(0);
  });

  it('a rejection reaches the maker with its reason, in the app and by e-mail', async () => {
    const maker = await session.newPage();
    const { email } = await signUp(maker, 'Rory Maker');
    const title = `Hollow Chorus ${Date.now()}`;
    await maker.goto('/submit-game', { waitUntil: 'networkidle' });
    await fillGame(maker, title);
    await uploadCover(maker);
    await submitForReview(maker);

    const moderator = await moderatorPage();
    await moderator.goto('/moderation', { waitUntil: 'networkidle' });
    await moderator.getByRole('button', { name: new RegExp(title) }).click();
    await moderator.getByRole('button', { name: 'Reject' }).click();
    expect(await moderator.getByText('Write a note for the maker').count()).toBe(1);
    const reason = 'The play link asks for payment details before the game starts.';
    await moderator.getByLabel(/Note for the maker/).fill(reason);
    await moderator.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => moderator.getByText(`${title}: Rejected`).count()).toBe(1);

    // The maker's open My games tab hears of it live.
    const card = maker.getByRole('article', { name: title });
    await expect.poll(() => card.getByText(`Reason: ${reason}`).count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getByText('Rejected', { exact: true }).count()).toBe(1);
    // The notification list refreshes on the same live event as the card, but on its own.
    await expect.poll(() => maker.getByText(`"${title}" was not approved`).count(), { timeout: 15_000 }).toBe(1);
    // So does the header's bell, and marking everything read empties it.
    const bell = maker.getByRole('link', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe('Notifications, 1 unread');
    // A page opened afresh shows the count it got with the sign-in state.
    await maker.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await maker.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    const mail = await mailTo(email);
    expect(mail.subject).toContain('was not approved');
    expect(mail.text).toContain(reason);
  }, 120_000);

  it('shows Moderation in the phone menu to a moderator, and to nobody else', async () => {
    const moderator = await moderatorPage();
    await moderator.setViewportSize({ width: 390, height: 844 });
    await moderator.goto('/', { waitUntil: 'networkidle' });
    await moderator.getByRole('button', { name: 'Menu' }).click();
    await moderator.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }).click();
    await expect.poll(() => moderator.getByRole('heading', { name: 'Moderation', level: 1 }).count()).toBe(1);

    const player = await session.newPage();
    await signUp(player, 'Phone Player');
    await player.setViewportSize({ width: 390, height: 844 });
    await player.goto('/', { waitUntil: 'networkidle' });
    await player.getByRole('button', { name: 'Menu' }).click();
    const menu = player.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => menu.getByRole('link', { name: 'My games' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Moderation' }).count()).toBe(0);
  });

  it('keeps the audit log inside a phone-width screen, scrolled within its own region', async () => {
    const moderator = await moderatorPage();
    await moderator.setViewportSize({ width: 390, height: 844 });
    await moderator.goto('/moderation', { waitUntil: 'networkidle' });
    const log = moderator.getByRole('region', { name: 'Audit log' }).first();
    await log.waitFor();
    expect(await moderator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = (await log.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });

  it('scrolls a field reached by Tab clear of the sticky header and the sticky submit bar', async () => {
    const maker = await session.newPage();
    await signUp(maker, 'Tab Tester');
    await maker.setViewportSize({ width: 390, height: 700 });
    await maker.goto('/submit-game', { waitUntil: 'networkidle' });
    const other = maker.getByRole('checkbox', { name: 'Other', exact: true });
    const bar = maker.locator('[data-sticky-submit-bar]');
    const header = maker.locator('header').first();
    // Tab from the field before it, as a keyboard user arrives.
    await maker.getByRole('checkbox', { name: 'Opponent or companion behaviour' }).focus();
    await maker.evaluate(() => window.scrollTo(0, 0));
    await maker.keyboard.press('Tab');
    expect(await other.evaluate((element) => element === document.activeElement)).toBe(true);
    const field = (await other.boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual((await bar.boundingBox())!.y);
    expect(field.y).toBeGreaterThanOrEqual((await header.boundingBox())!.y + (await header.boundingBox())!.height);
  });

  it('keeps people without the role out of the moderation screen', async () => {
    const page = await session.newPage();
    await signUp(page, 'Plain Player');
    await page.goto('/moderation', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('heading', { name: 'Moderators only' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  });
});
