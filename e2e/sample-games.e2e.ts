import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from './support/browser';

const session = useBrowser();

/** Play on the sample game's page address, which sends the browser to its build on the games origin. */
async function openGame(slug: string, options: { width?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  const page = await session.newPage(options);
  // The games origin is a *.localhost host name of its own (decision 0065): let the page reach it.
  await page.context().route(/^http:\/\/g\d+\.games\.localhost:\d+\//, (route) => route.continue());
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!/^http:\/\/g\d+\.games\.localhost:\d+\//.test(request.url()) && !request.url().startsWith(session.baseUrl))
      outside.push(request.url());
  });
  await page.goto(`/play/${slug}`);
  expect(page.url()).toMatch(/^http:\/\/g(\d+)\.games\.localhost:\d+\/\1\/1\/index\.html$/);
  await page.waitForLoadState('networkidle');
  expect(outside).toEqual([]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  return page;
}

describe('the sample games that play in the page', () => {
  it('The Lying Sphinx: choosing a liar and a door, then answering, reveals the answer', async () => {
    const page = await openGame('the-lying-sphinx', { width: 390, colorScheme: 'light' });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('The Lying Sphinx');
    const jade = page.getByRole('button', { name: /^Jade\b/ });
    await jade.click();
    expect(await jade.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Door 2', exact: true }).click();
    await page.getByRole('button', { name: 'Answer' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/The treasure was behind door \d\./);
    expect(await page.getByRole('button', { name: 'Next round' }).isVisible()).toBe(true);
  });

  it('Ninefold Front: planting a banner takes the front, and the General answers', async () => {
    const page = await openGame('ninefold-front', { colorScheme: 'dark' });
    await page.getByRole('button', { name: /^Strength 2, 2 left/ }).click();
    await page.getByRole('button', { name: /^Front 5 .*: empty/ }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/The General plants strength \d on front \d\. Your turn\./);
    // The General answers 60 ms after the banner, and may take front 5 back with a stronger one.
    const tookItBack = /on front 5\./.test((await page.getByRole('status').textContent()) ?? '');
    const front5 = tookItBack ? /^Front 5 .*held by the General with strength 3/ : /^Front 5 .*held by you with strength 2/;
    expect(await page.getByRole('button', { name: front5 }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /held by the General/ }).count()).toBe(1);
  });

  it('Knucklewise: a throw meets the rival’s and the score or a tie shows', async () => {
    const page = await openGame('knucklewise', { width: 390 });
    await page.getByRole('group', { name: 'Throw a hand' }).getByRole('button', { name: 'Fist', exact: true }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/your point|the rival’s point|no point/);
    expect(await page.locator('#your-hand').textContent()).toBe('Fist');
    expect(await page.locator('#rival-hand').textContent()).toMatch(/^(Fist|Palm|Blade)$/);
    await page.keyboard.press('2');
    await expect.poll(() => page.locator('#your-hand').textContent()).toBe('Palm');
  });
});
