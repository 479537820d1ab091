// Open live streams are capped per address (decision 0054). Every tab here comes from this
// machine's one address, so a server whose cap is two refuses the third tab's stream: that tab
// keeps one attempt going at a time, waits longer after each refusal, and gets in by itself
// once another tab is closed.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { startBuiltServer, type ServerProcess } from './support/server-process';

let server: ServerProcess;
beforeAll(async () => {
  server = await startBuiltServer({ env: { PUBLIC_CATALOGUE: 'true', LIVE_STREAMS_PER_ADDRESS: '2' } });
}, 90_000);
afterAll(() => server?.stop());

const session = useBrowser(() => server.baseUrl);

/** Each answer to the page's `/api/live` requests, in order, with when it came. */
function liveAnswers(page: Page) {
  const answers: { status: number; at: number }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/live') answers.push({ status: response.status(), at: Date.now() });
  });
  return answers;
}

describe('a tab past the cap on live streams', () => {
  it('backs off while refused and connects by itself once another tab closes', { timeout: 90_000 }, async () => {
    // Chromium reports the refused stream (a JSON 429, not an event stream) in the console.
    session.allowConsoleError(/api\/live|EventSource|429/);
    const first = await session.newPage();
    const second = await session.newPage();
    for (const page of [first, second]) {
      const answers = liveAnswers(page);
      await page.goto('/games', { waitUntil: 'networkidle' });
      await expect.poll(() => answers.map((answer) => answer.status)).toEqual([200]);
    }

    const third = await session.newPage();
    const answers = liveAnswers(third);
    await third.goto('/games', { waitUntil: 'networkidle' });
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    const firstRefusal = answers[0]!.at;
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const refused = answers.filter((answer) => answer.at - firstRefusal < 7_000);
    expect(refused.every((answer) => answer.status === 429)).toBe(true);
    // Waits of 1 s, 2 s and 4 s (each half to all of it): at most four knocks in seven seconds.
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeLessThanOrEqual(4);
    const gaps = refused.slice(1).map((answer, n) => answer.at - refused[n]!.at);
    // Each wait at least the one before (give or take the answers' own timing).
    for (const [n, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual(n === 0 ? 400 : gaps[n - 1]! - 150);

    await first.context().close();
    await expect.poll(() => answers.at(-1)?.status, { timeout: 40_000, interval: 250 }).toBe(200);
  });
});
