import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signInVerified } from './support/accounts';
import { useBrowser } from './support/browser';

const session = useBrowser();

describe('the header', () => {
  it('shows the new profile picture once it is saved, without a reload, and the initial again once it is removed', async () => {
    const page = await session.newPage();
    await signInVerified(page, session.baseUrl, 'Pia Picture');
    await page.goto('/profile-setup', { waitUntil: 'networkidle' });
    const accountButton = page.getByRole('button', { name: /Pia Picture/ });
    await accountButton.waitFor();
    expect(await accountButton.locator('img').count()).toBe(0);
    await page.evaluate(() => ((window as unknown as { sameDocument: number }).sameDocument = 1));

    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#10b981' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await page.getByRole('button', { name: 'Use this picture' }).click();
    await page.locator('main img[src^="/uploads/"]').waitFor();
    const uploaded = await page.locator('main img[src^="/uploads/"]').getAttribute('src');
    await page.getByRole('button', { name: 'Save profile' }).click();

    const headerPicture = accountButton.locator('img');
    await headerPicture.waitFor({ timeout: 5000 });
    expect(await headerPicture.getAttribute('src')).toBe(uploaded);
    expect(await headerPicture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: number }).sameDocument)).toBe(1);

    await page.getByRole('button', { name: 'Remove picture' }).click();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => accountButton.locator('img').count()).toBe(0);
    expect((await accountButton.textContent())?.trim().startsWith('P')).toBe(true);
  });
});
