import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from './support/browser';

const session = useBrowser();

const results = (page: Page, label: string) => page.getByRole('list', { name: label }).getByRole('listitem');

async function runAndExpectAllPassed(page: Page, button: string, label: string, count: number) {
  await page.getByRole('button', { name: button }).click();
  await page.getByText(`All ${count} passed.`).waitFor({ timeout: 15_000 });
  const statuses = await results(page, label).evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
  expect(statuses).toEqual(Array.from({ length: count }, () => 'passed'));
}

describe('diagnostic pages', () => {
  it.each([
    { url: '/firebase-test', button: 'Run the round trip', label: 'Round trip', count: 6 },
    { url: '/minimal-firebase-test', button: 'Run the test', label: 'Write, read, delete', count: 3 },
  ])('$url passes every step for a signed-in user', async ({ url, button, label, count }) => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto(url);
    await runAndExpectAllPassed(page, button, label, count);
    expect(
      await results(page, label)
        .filter({ hasText: /\d+ ms/ })
        .count(),
    ).toBe(count);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it.each([
    ['/firebase-test', 'Run the round trip'],
    ['/minimal-firebase-test', 'Run the test'],
  ])('%s asks a signed-out visitor to sign in', async (url, button) => {
    const page = await session.newPage();
    await page.goto(url);
    const signIn = page.getByRole('main').getByRole('link', { name: 'Sign in' });
    await signIn.waitFor();
    expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(url)}`);
    expect(await page.getByRole('button', { name: button }).isDisabled()).toBe(true);
  });

  it('/firebase-verifier reports every check passing for a signed-in user', async () => {
    // The rules check reads someone else's path on purpose: the browser logs the 403.
    session.allowConsoleError(/403 \(Forbidden\)/);
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/firebase-verifier');
    await runAndExpectAllPassed(page, 'Run the checks', 'Checks', 5);
    await page.getByText(/answered permission-denied/).waitFor();
  });

  it('/minimal-firebase-verifier runs its checks, and asks a visitor to sign in for the session one', async () => {
    const page = await session.newPage();
    await page.goto('/minimal-firebase-verifier');
    await page.getByRole('button', { name: 'Run the checks' }).click();
    await page.getByText('2 of 3 passed, 1 need you to sign in.').waitFor();
  });

  it("/firebase-data-tester shows the store's exact validation messages, from the browser and from the server", async () => {
    session.allowConsoleError(/400 \(Bad Request\)/);
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/firebase-data-tester');
    const data = page.getByLabel(/^Data \(JSON/);
    const result = page.getByRole('status', { name: 'Document result' });
    const error = result.getByTestId('error-message');
    const badName = 'Field name "a..b" must not start or end with a dot or contain ".."';

    await data.fill('{ "a..b": 1 }');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await expect.poll(() => error.textContent()).toBe(badName);
    await page.getByText('Refused in the browser', { exact: false }).waitFor();

    await page.getByLabel(/Check in the browser first \(untick/).uncheck();
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.getByText('Answered by the server').waitFor();
    expect(await error.textContent()).toBe(badName);

    await data.fill('{ "": 1 }');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => error.textContent()).toBe('Field names must not be empty');

    await page.getByLabel(/Check in the browser first \(untick/).check();
    await data.fill('{ "title": "Saved", "count": 2 }');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await page.getByText(/^Set users\/.+\/notes\/first$/).waitFor();
    await page.getByRole('button', { name: 'Get', exact: true }).click();
    // In the result: React keeps the data field's text (its defaultValue) in step with what was typed.
    await result.getByText(/"title": "Saved"/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('/firebase-data-tester shows live snapshots once each, with what changed', async () => {
    const page = await session.newPage({ signedInAs: 'demo' });
    await page.goto('/firebase-data-tester');
    const path = page.getByLabel('Path', { exact: true });
    const userPath = (await path.inputValue()).split('/').slice(0, 2).join('/');
    const watched = `${userPath}/live${Date.now()}`;
    await path.fill(watched);
    await page.getByRole('button', { name: 'Watch this path' }).click();
    const snapshots = page.getByRole('list', { name: 'Snapshots' }).getByRole('listitem');
    await snapshots.filter({ hasText: '0 documents: (none). Changes: none (from the server)' }).waitFor();
    await page.waitForTimeout(1000);
    expect(await snapshots.count()).toBe(1);

    // This tab's write shows at once as pending, then as the server confirmed it (same data).
    await path.fill(`${watched}/a`);
    await page.getByLabel(/^Data \(JSON/).fill('{ "n": 1 }');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await snapshots.filter({ hasText: '1 document: a. Changes: added a at 0 (pending)' }).waitFor();
    await snapshots.filter({ hasText: '1 document: a. Changes: none (from the server)' }).waitFor();
    await page.getByLabel(/^Data \(JSON/).fill('{ "n": 2 }');
    await page.getByRole('button', { name: 'Set', exact: true }).click();
    await snapshots.filter({ hasText: '1 document: a. Changes: modified a 0 → 0 (pending)' }).waitFor();
    await expect.poll(() => snapshots.count()).toBe(5);
    await page.waitForTimeout(500);
    expect(await snapshots.allTextContents()).toEqual([
      expect.stringContaining('1 document: a. Changes: none (from the server)'),
      expect.stringContaining('1 document: a. Changes: modified a 0 → 0 (pending)'),
      expect.stringContaining('1 document: a. Changes: none (from the server)'),
      expect.stringContaining('1 document: a. Changes: added a at 0 (pending)'),
      expect.stringContaining('0 documents: (none). Changes: none (from the server)'),
    ]);
  });
});
