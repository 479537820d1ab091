import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const session = useBrowser();

const png = (background: string) =>
  sharp({ create: { width: 640, height: 360, channels: 3, background } })
    .png()
    .toBuffer();

describe('uploading images through the image list', () => {
  it('shows a progress bar while a PNG goes up, then its thumbnail, and reorders from the keyboard', async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    // Hold the first upload a moment so its progress bar can be seen.
    let held = false;
    await page.route('**/api/uploads', async (route) => {
      if (!held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    await page.goto('/submit-game', { waitUntil: 'networkidle' });
    const input = page.locator('#game-screenshots-upload-file');

    await input.setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: await png('#ff0000') });
    const progress = page.getByRole('progressbar', { name: 'Uploading red.png' });
    await expect.poll(() => progress.count()).toBe(1);
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(100);

    const thumbnails = page.locator('img[src^="/uploads/"]');
    await expect.poll(() => thumbnails.count(), { timeout: 15_000 }).toBe(1);
    expect(await progress.count()).toBe(0);
    await expect.poll(() => thumbnails.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    const red = await thumbnails.first().getAttribute('src');
    expect(red).toMatch(/^\/uploads\/[A-Za-z0-9_-]{16,}-480\.webp$/);
    // Focus goes to what the finished upload asks for next: its description.
    const focusedLabel = () =>
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? document.activeElement?.tagName);
    await expect.poll(focusedLabel).toBe('Screenshot 1: description for people who cannot see it');

    await input.setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: await png('#0000ff') });
    await expect.poll(() => thumbnails.count(), { timeout: 15_000 }).toBe(2);
    const blue = await thumbnails.nth(1).getAttribute('src');

    await page.getByRole('button', { name: 'Move screenshot 2 up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => thumbnails.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual([blue, red]);

    await page.getByRole('button', { name: 'Remove screenshot 1' }).click();
    await expect.poll(() => thumbnails.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual([red]);
    // The removed item's button is gone: focus lands on the screenshot now in its place, not the page.
    await expect.poll(focusedLabel).toBe('Screenshot 1: description for people who cannot see it');
  });

  it('shows the server’s reason next to a file it refused', async () => {
    session.allowConsoleError(/status of 400/);
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/submit-game', { waitUntil: 'networkidle' });
    await page
      .locator('#game-cover-upload-file')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    const alert = page.getByRole('alert').filter({ hasText: 'not a PNG, JPEG, WebP or GIF image' });
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Dismiss notes.png' }).click();
    expect(await alert.count()).toBe(0);
  });
});
