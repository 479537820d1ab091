import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

const session = useBrowser();
const KEY = 'gamesource-ui-theme';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);
const chooseTheme = (page: Page, label: 'Light' | 'Dark' | 'System') => page.getByLabel('Theme').selectOption({ label });

describe('theme', () => {
  it('is dark by default, even when the system prefers light', async () => {
    const page = await session.newPage({ colorScheme: 'light' });
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await isDark(page)).toBe(true);
    expect(await page.getByLabel('Theme').inputValue()).toBe('dark');
  });

  it('remembers the choice under gamesource-ui-theme across reloads', async () => {
    const page = await session.newPage();
    await page.goto('/about', { waitUntil: 'networkidle' });
    await chooseTheme(page, 'Light');
    expect(await isDark(page)).toBe(false);
    expect(await stored(page)).toBe('light');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await isDark(page)).toBe(false);
    expect(await page.getByLabel('Theme').inputValue()).toBe('light');
  });

  it('is applied before the app code runs (no flash of the wrong theme)', async () => {
    const page = await session.newPage();
    await page.goto('/about', { waitUntil: 'networkidle' });
    await chooseTheme(page, 'Light');
    // With the app's own scripts blocked, only the blocking theme script can set the class.
    session.allowConsoleError(/ERR_FAILED|Failed to load/);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await isDark(page)).toBe(false);
    await page.evaluate((key) => localStorage.setItem(key, 'dark'), KEY);
    await page.reload();
    expect(await isDark(page)).toBe(true);
  });

  it("'system' follows the operating system's setting live", async () => {
    const page = await session.newPage({ colorScheme: 'light' });
    await page.goto('/', { waitUntil: 'networkidle' });
    await chooseTheme(page, 'System');
    expect(await stored(page)).toBe('system');
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(page)).toBe(false);
  });
});
