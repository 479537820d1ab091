import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, signUpThroughApi, useBrowser } from './support/browser';

const session = useBrowser();
const PASSWORD = 'quartz-heron-meadow-62';
let accounts = 0;

/** A new page signed in as a new account that has finished sign-up (through the API). */
async function signedInPage(name: string): Promise<Page> {
  const page = await session.newPage();
  const headers = { origin: session.baseUrl };
  const n = `${Date.now() % 1_000_000}-${++accounts}`;
  const request = page.context().request;
  await signUpThroughApi(request, session.baseUrl, { name, email: `reviewer-${n}@example.com`, password: PASSWORD });
  const step = await request.post(`${session.baseUrl}/api/me/signup`, {
    headers,
    data: { username: `reviewer-${n}`, acceptTerms: true },
  });
  expect(step.ok()).toBe(true);
  return page;
}

async function gameId(slug: string): Promise<number> {
  const response = await fetch(`${session.baseUrl}/api/games?pageSize=100`);
  const { items } = (await response.json()) as { items: { id: string; slug: string }[] };
  return Number(items.find((game) => game.slug === slug)!.id);
}

const numberIn = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/\(.*\)/, '').replace(/[^\d]/g, ''));

describe('reviews on the game page', () => {
  it('writes, edits and deletes a review; another player marks it helpful', async () => {
    const id = await gameId('the-lamplit-table');
    const author = await signedInPage('Ada Reviewer');
    await author.goto(`/game-detail?id=${id}`, { waitUntil: 'networkidle' });
    const form = author.getByRole('form', { name: 'Write a review' });
    await form.waitFor();
    const count = await numberIn(author, 'rating-count');
    const fours = await numberIn(author, 'histogram-4');
    const twos = await numberIn(author, 'histogram-2');

    await form.getByRole('button', { name: 'Post review' }).click();
    await author.getByText('Pick from 1 to 5 stars').waitFor();
    await form
      .locator('label')
      .filter({ has: author.getByRole('radio', { name: '4 stars' }) })
      .click();
    await form.getByLabel(/Your review/).fill('A game master that actually listens.');
    await form.getByText('36 / 5,000').waitFor();
    await form.getByRole('button', { name: 'Post review' }).click();

    await author.getByText('Thanks! Your review is posted.').waitFor();
    const mine = author.getByRole('article', { name: 'Review by Ada Reviewer' });
    await mine.getByText('A game master that actually listens.').waitFor();
    await expect.poll(() => numberIn(author, 'rating-count')).toBe(count + 1);
    expect(await numberIn(author, 'histogram-4')).toBe(fours + 1);
    expect(await seriousAxeViolations(author)).toEqual([]);

    await author.getByRole('button', { name: 'Edit review' }).click();
    const edit = author.getByRole('form', { name: 'Edit your review' });
    // The star picker is a radio group: arrow keys move the choice.
    await edit.getByRole('radio', { name: '4 stars' }).focus();
    await author.keyboard.press('ArrowLeft');
    await author.keyboard.press('ArrowLeft');
    await edit.getByLabel(/Your review/).fill('Second session was weaker.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await author.getByText('Your changes are saved.').waitFor();
    await mine.getByText('Second session was weaker.').waitFor();
    await mine.getByText('· edited').waitFor();
    await expect.poll(() => numberIn(author, 'histogram-2')).toBe(twos + 1);
    expect(await numberIn(author, 'histogram-4')).toBe(fours);
    expect(await numberIn(author, 'rating-count')).toBe(count + 1);

    const reader = await signedInPage('Bo Reader');
    await reader.goto(`/game-detail?id=${id}`, { waitUntil: 'networkidle' });
    const theirs = reader.getByRole('article', { name: 'Review by Ada Reviewer' });
    await theirs.getByRole('button', { name: 'Helpful' }).click();
    await theirs.getByText('1 person found this helpful').waitFor();
    expect(await theirs.getByRole('button', { name: 'Helpful' }).getAttribute('aria-pressed')).toBe('true');
    await reader.getByText('Most helpful').click();
    await expect
      .poll(() => reader.getByRole('region', { name: 'Ratings and reviews' }).getByRole('article').first().getAttribute('aria-label'))
      .toBe('Review by Ada Reviewer');

    await author.reload({ waitUntil: 'networkidle' });
    await mine.getByText('1 person found this helpful').waitFor();
    await author.getByRole('button', { name: 'Delete review' }).click();
    await author.getByRole('button', { name: 'Yes, delete it' }).click();
    await author.getByText('Your review is deleted.').waitFor();
    await author.getByRole('form', { name: 'Write a review' }).waitFor();
    await expect.poll(() => mine.count()).toBe(0);
    await expect.poll(() => numberIn(author, 'rating-count')).toBe(count);
    expect(await numberIn(author, 'histogram-2')).toBe(twos);
  }, 120_000);

  it('shows the gallery, opens it full screen and closes it with Escape', async () => {
    const id = await gameId('humfield');
    const page = await signedInPage('Gallery Visitor');
    await page.goto(`/game-detail?id=${id}`, { waitUntil: 'networkidle' });
    const thumbs = page.getByRole('group', { name: /Choose an image/ }).getByRole('button');
    expect(await thumbs.count()).toBe(3);
    await thumbs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await thumbs.nth(1).getAttribute('aria-current')).toBe('true');
    await page.getByRole('button', { name: /View full screen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Image 2 of 3' });
    await dialog.waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Image 3 of 3' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});
