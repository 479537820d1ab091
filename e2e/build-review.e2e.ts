import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { completePayload } from '../src/test-support/submission-fixtures';
import { makeZip, sampleBuildEntries } from '../src/test-support/zip-writer';
import { useModerationServer } from './support/moderation';
import { screenshotFolder } from './support/screenshots';

const suite = useModerationServer();
const { member, post } = suite;
const shots = screenshotFolder('build-review');

const png = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

/** A listed game of the maker's, through the same API the submission form uses and a moderator's approval. */
async function listedGame(maker: Page, moderator: Page): Promise<{ gameId: number; title: string }> {
  const images = [];
  for (let i = 0; i < 3; i++) {
    const uploaded = await maker.context().request.post('/api/uploads', {
      headers: { origin: suite.server.baseUrl },
      multipart: { file: { name: `shot-${i}.png`, mimeType: 'image/png', buffer: await png() } },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
    images.push(((await uploaded.json()) as { path: string }).path);
  }
  const payload = completePayload({
    cover: { path: images[0]!, alt: 'The cover' },
    screenshots: [
      { path: images[1]!, alt: 'First screen' },
      { path: images[2]!, alt: 'Second screen' },
    ],
  });
  const created = await post(maker, '/api/submissions', { payload });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { submission: { id: number } }).submission.id;
  expect((await post(maker, `/api/submissions/${id}/submit`, { payload })).ok()).toBe(true);
  const approved = await post(moderator, `/api/moderation/submissions/${id}/approve`, {});
  expect(approved.ok(), await approved.text()).toBe(true);
  return { gameId: ((await approved.json()) as { gameId: number }).gameId, title: payload.title };
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => {
      document.documentElement.dataset.theme = s;
      document.documentElement.classList.toggle('dark', s === 'dark');
    }, scheme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/${name}-${scheme}-${width}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('reviewing a web build', () => {
  it('a maker uploads a build by keyboard, a moderator plays it in the queue and approves it by keyboard, and the maker sees it playing', async () => {
    const mod = await suite.moderator('Mira Moderator');
    const maker = await member('Max Maker');
    const { gameId, title } = await listedGame(maker.page, mod.page);

    const page = maker.page;
    await page.goto('/my-games', { waitUntil: 'networkidle' });
    const panel = page.getByRole('region', { name: `Web build: ${title}` });
    await expect.poll(() => panel.getByText('No build uploaded yet.').count()).toBe(1);
    // A file chooser opens from the keyboard; the test answers it as a person would. It listens
    // before focusing: Chromium is told to hand choosers to the test by then, not racing the key.
    const chooserOpened = page.waitForEvent('filechooser');
    const input = panel.getByLabel('Zip of the web build');
    await input.focus();
    await page.keyboard.press('Space');
    const chooser = await chooserOpened;
    await chooser.setFiles({ name: 'game.zip', mimeType: 'application/zip', buffer: makeZip(sampleBuildEntries()) });
    // The screen's shape, by its first key; the isolation box left unticked.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await page.keyboard.type('4');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Upload');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getByText('Version 1 uploaded: it waits for a moderator’s review.').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => panel.getByText('Waiting for review').count()).toBe(1);
    expect(await panel.getByText(/4:3 screen/).count()).toBe(1);
    expect(await panel.getByRole('link', { name: /Preview version 1/ }).getAttribute('href')).toMatch(new RegExp(`/${gameId}/p1\\.`));
    await shoot(page, 'my-games-pending');

    const queue = mod.page;
    await queue.goto('/moderation?view=builds', { waitUntil: 'networkidle' });
    const entry = queue.getByRole('button', { name: new RegExp(`${title}, version 1`) });
    await expect.poll(() => entry.count()).toBe(1);
    await entry.focus();
    await queue.keyboard.press('Enter');
    const frame = queue.locator(`iframe[title="Preview of ${title}, version 1"]`);
    await expect.poll(() => frame.count()).toBe(1);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-pointer-lock allow-same-origin');
    expect(await frame.getAttribute('allow')).toBe('fullscreen');
    // The frame shows the version's signed preview address on the games origin.
    expect(await frame.getAttribute('src')).toMatch(
      new RegExp(`^http://g${gameId}\\.games\\.localhost:\\d+/${gameId}/p1\\.\\d+\\.[A-Za-z0-9_-]{43}/index\\.html$`),
    );
    expect(await queue.getByRole('link', { name: 'Open in a new tab' }).getAttribute('target')).toBe('_blank');
    await shoot(queue, 'moderation-builds');

    // Reject without a note is stopped in the page; then approve from the keyboard.
    await queue.getByRole('button', { name: 'Reject build' }).focus();
    await queue.keyboard.press('Enter');
    await expect.poll(() => queue.evaluate(() => document.activeElement?.id)).toBe('build-note');
    await queue.keyboard.type('Plays well.');
    await queue.keyboard.press('Tab');
    await queue.keyboard.press('Enter');
    await expect.poll(() => queue.getByText(`${title}, version 1: Approved: it now plays on the game page.`).count()).toBe(1);
    await expect.poll(() => queue.getByText('No build to review.').count()).toBe(1);

    // The maker's page hears of it on their live topic.
    await expect.poll(() => panel.getByText('Playing now').count(), { timeout: 15_000 }).toBe(1);
    expect(await panel.getByText('Moderator’s note: Plays well.').count()).toBe(1);
    const listed = await (await fetch(`${suite.server.baseUrl}/api/games/${gameId}/build`)).json();
    expect(listed).toMatchObject({ version: 1, status: 'approved', playing: true, aspectRatio: '4:3' });
    await shoot(page, 'my-games-playing');

    // It plays in its page in the shape the maker chose.
    await page.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: `Play ${title} here` }).click();
    const box = await page.locator('iframe[title$=": the game"]').boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(4 / 3, 1);
  }, 180_000);

  it('a maker uploads a folder for a game that needs cross-origin isolation, and it plays isolated in a tab of its own', async () => {
    const mod = await suite.moderator('Ivo Moderator');
    const maker = await member('Iris Maker');
    const { gameId, title } = await listedGame(maker.page, mod.page);
    const folder = await mkdtemp(path.join(tmpdir(), 'build-folder-'));
    await mkdir(path.join(folder, 'threads-game', 'js'), { recursive: true });
    await writeFile(
      path.join(folder, 'threads-game', 'index.html'),
      '<!doctype html><title>Threads</title><p id="isolated">?</p><script src="js/probe.js"></script>',
    );
    await writeFile(
      path.join(folder, 'threads-game', 'js', 'probe.js'),
      'document.getElementById("isolated").textContent = String(self.crossOriginIsolated && typeof SharedArrayBuffer === "function");',
    );
    await writeFile(path.join(folder, 'threads-game', '.DS_Store'), 'junk');

    const page = maker.page;
    await page.goto('/my-games', { waitUntil: 'networkidle' });
    const panel = page.getByRole('region', { name: `Web build: ${title}` });
    await panel.getByRole('radio', { name: 'A folder' }).check();
    await panel.getByLabel('Folder of the web build').setInputFiles(path.join(folder, 'threads-game'));
    await panel.getByRole('checkbox', { name: /needs cross-origin isolation/ }).check();
    await panel.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => panel.getByText('Version 1 uploaded: it waits for a moderator’s review.').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => panel.getByText(/plays in a tab of its own/).count()).toBe(1);
    const builds = (await (await page.context().request.get(`/api/games/${gameId}/builds`)).json()) as { builds: { fileCount: number }[] };
    expect(builds.builds[0]!.fileCount).toBe(2);
    expect((await post(mod.page, `/api/moderation/games/${gameId}/builds/1/approve`, { note: '' })).ok()).toBe(true);

    const player = (await member('Ola Player')).page;
    await player.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    const [tab] = await Promise.all([
      player.waitForEvent('popup'),
      player.getByRole('button', { name: `Play ${title}`, exact: true }).click(),
    ]);
    await tab.waitForLoadState('load');
    expect(new URL(tab.url()).hostname).toBe(`g${gameId}.games.localhost`);
    await expect.poll(() => tab.locator('#isolated').textContent()).toBe('true');
    // The page itself never frames it: there it could not be isolated.
    expect(await player.locator('iframe[title$=": the game"]').count()).toBe(0);
  }, 180_000);
});
