import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { axeResults } from './axe';
import { chromiumFlags, playwrightChromiumPath } from './chromium.mjs';
import { linkInMessage } from './outbox';
import { suiteBaseUrl } from './suite-servers';

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: playwrightChromiumPath(),
    args: [...chromiumFlags],
  });
}

export interface PageOptions {
  colorScheme?: 'light' | 'dark';
  width?: number;
  /** Sign the page in first, through the API: as the demo account, or as a new account that has not finished /signup. */
  signedInAs?: 'demo' | 'newcomer';
}

export interface BrowserSession {
  browser: Browser;
  baseUrl: string;
  newPage(options?: PageOptions): Promise<Page>;
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
      return baseUrlOverride?.() ?? suiteBaseUrl();
    },
    async newPage({ colorScheme, width = 1280, signedInAs } = {}) {
      const baseURL = baseUrlOverride?.() ?? suiteBaseUrl();
      const context = await browser.newContext({
        baseURL,
        colorScheme: colorScheme ?? 'no-preference',
        viewport: { width, height: 800 },
      });
      contexts.push(context);
      // Only loopback is ever a target: anything a page asks of the outside world is refused here
      // (every *.localhost name, where hosted games play, is loopback to Chromium).
      await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|(?:[a-z0-9-]+\.)*localhost[:/])/, (route) => route.abort('blockedbyclient'));
      const page = await context.newPage();
      page.on('console', (message) => {
        // A failed load names no address in its text: the location says which resource it was.
        if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      if (signedInAs) await signIn(context, baseURL, signedInAs);
      waitForServerRenderedScreens(page);
      return page;
    },
    allowConsoleError(pattern) {
      allowed.push(pattern);
    },
  };
}

/**
 * A page whose screen the server rendered is on show before its code runs, and its buttons do
 * nothing until then: after each load the test waits until the page says it can be used,
 * unless it asked to go on as soon as the page arrives (`waitUntil: 'commit'`).
 */
function waitForServerRenderedScreens(page: Page): void {
  const interactive = () =>
    page.waitForFunction(() => !document.getElementById('server-state') || document.documentElement.hasAttribute('data-interactive'));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await interactive();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await interactive();
    return response;
  };
}

/**
 * Serious and critical accessibility violations on the page as it is now; with `coloursOnly`,
 * only the rules about colour (for a page whose theme alone has changed since its full check).
 */
export async function seriousAxeViolations(page: Page, { coloursOnly = false } = {}): Promise<string[]> {
  // Colours mid-transition (a button just clicked) are not what anyone reads: let them settle,
  // and any that a later render starts too. Endless animations (skeletons) never finish, so they
  // are not waited for.
  await page.evaluate(async () => {
    const settling = () =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
    const nextFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let round = 0; round < 10; round++) {
      await Promise.all(settling().map((animation) => animation.finished.catch(() => undefined)));
      await nextFrames();
      if (settling().length === 0) return;
    }
  });
  const { violations } = await axeResults(page, coloursOnly ? ['color-contrast', 'link-in-text-block'] : undefined);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

let newcomers = 0;
let addresses = 0;

/** Headers of an API call from a page of the site, from an address of its own (see global-setup). */
export function ownAddressHeaders(baseUrl: string): Record<string, string> {
  addresses += 1;
  return { origin: baseUrl, 'x-forwarded-for': `10.88.${process.pid % 250}.${addresses % 250}` };
}

export interface NewAccount {
  name: string;
  email: string;
  password: string;
}

/**
 * Signs up through the API and in the way a newcomer does: by the confirmation link that
 * sign-up mails (read from the server's outbox). The request context keeps the session cookie.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  baseUrl: string,
  account: NewAccount,
  headers: Record<string, string> = ownAddressHeaders(baseUrl),
): Promise<void> {
  const created = await request.post(`${baseUrl}/api/auth/sign-up/email`, { headers, data: account });
  if (!created.ok()) throw new Error(`Sign-up failed: ${created.status()} ${await created.text()}`);
  const confirmed = await request.get(await linkInMessage(account.email, baseUrl), { headers });
  if (!confirmed.ok()) throw new Error(`Confirming ${account.email} failed: ${confirmed.status()}`);
}

/** Signs a browser context in through the API, as DESIGN.md asks of browser tests. */
async function signIn(context: BrowserContext, baseUrl: string, as: 'demo' | 'newcomer') {
  if (as === 'newcomer') {
    const email = `newcomer-${Date.now()}-${++newcomers}@example.com`;
    await signUpThroughApi(context.request, baseUrl, { name: 'New Player', email, password: 'lantern-orchid-harbor-58' });
    return;
  }
  const response = await context.request.post(`${baseUrl}/api/demo/sign-in`, { headers: { origin: baseUrl } });
  if (!response.ok()) throw new Error(`Signing in as ${as} failed: ${response.status()} ${await response.text()}`);
}
