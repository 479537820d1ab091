import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: launchArgs,
  });
}

export interface BrowserSession {
  browser: Browser;
  baseUrl: string;
  newPage(options?: { colorScheme?: 'light' | 'dark'; width?: number }): Promise<Page>;
  /** Console errors a test expects (a 404 page load logs one, for instance). */
  allowConsoleError(pattern: RegExp): void;
}

/**
 * One Chromium per test file; a fresh context per page. Any console error or uncaught page
 * error that the test did not say it expects fails the test.
 */
export function useBrowser(baseUrlOverride?: () => string): BrowserSession {
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let errors: string[] = [];
  let allowed: RegExp[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)));
    contexts = [];
    errors = [];
    allowed = [];
    expect(unexpected, 'errors in the browser console').toEqual([]);
  });

  return {
    get browser() {
      return browser;
    },
    get baseUrl() {
      return baseUrlOverride?.() ?? inject('baseUrl');
    },
    async newPage({ colorScheme, width = 1280 } = {}) {
      const context = await browser.newContext({
        baseURL: baseUrlOverride?.() ?? inject('baseUrl'),
        colorScheme: colorScheme ?? 'no-preference',
        viewport: { width, height: 800 },
      });
      contexts.push(context);
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return page;
    },
    allowConsoleError(pattern) {
      allowed.push(pattern);
    },
  };
}

/** Serious and critical accessibility violations on the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
