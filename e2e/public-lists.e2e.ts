import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified } from './support/accounts';
import { seriousAxeViolations, useBrowser } from './support/browser';
import { startBuiltServer, type ServerProcess } from './support/server-process';

// A server of this file's own, so the first test sees no public list at all.
let server: ServerProcess;
beforeAll(async () => {
  server = await startBuiltServer();
}, 90_000);
afterAll(() => server?.stop());

const session = useBrowser(() => server.baseUrl);
let lists = 0;
const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}${++lists}`;

/** Makes a list on /lists, public or not, and answers with its page's address. */
async function makeList(page: Page, name: string, makePublic: boolean): Promise<string> {
  await page.goto('/lists');
  await page.getByLabel('New list').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  const link = page.getByRole('link', { name, exact: true });
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  if (makePublic) {
    await page.goto(href);
    await page.getByRole('switch', { name: `Public: ${name}` }).click();
    await page.getByLabel(`Share link for ${name}`).waitFor();
  }
  return href;
}

describe('public lists', () => {
  it('says so when there is none yet, and offers to make one', async () => {
    const visitor = await session.newPage({ width: 390 });
    await visitor.goto('/public-lists');
    await visitor.getByRole('heading', { level: 1, name: 'Public lists' }).waitFor();
    await visitor.getByRole('heading', { level: 2, name: 'No public lists yet' }).waitFor();
    expect(await visitor.getByRole('link', { name: 'Make a list' }).getAttribute('href')).toBe('/lists');
    expect(await visitor.title()).toBe('Public lists · GameSource');
    expect(await seriousAxeViolations(visitor)).toEqual([]);
    // The footer leads here from any page.
    await visitor.goto('/about');
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Public lists' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Public lists' }).waitFor();
  });

  it("are browsed newest first with their makers, never a private one, and a list's page names its maker", async () => {
    const owner = await session.newPage();
    const maker = await signInVerified(owner, session.baseUrl, 'Lena Lister');
    const shared = uniqueName('Cozy AI companions');
    const secret = uniqueName('Secret stash');
    await makeList(owner, secret, false);
    const href = await makeList(owner, shared, true);

    // From the lists area to the browse page.
    await owner.goto('/lists');
    await owner.getByRole('main').getByRole('link', { name: 'public lists' }).click();
    await owner.getByRole('heading', { level: 1, name: 'Public lists' }).waitFor();

    const visitor = await session.newPage();
    await visitor.goto('/public-lists');
    const cards = visitor.getByRole('list', { name: 'Public lists' }).getByRole('listitem');
    const first = cards.first();
    await first.getByRole('link', { name: shared }).waitFor();
    expect(await first.getByRole('link', { name: shared }).getAttribute('href')).toBe(href);
    expect(await first.getByText('0 games').count()).toBe(1);
    const makerLink = first.getByRole('link', { name: 'Lena Lister' });
    expect(await makerLink.getAttribute('href')).toBe(`/profile?id=${maker.id}`);
    expect(await visitor.getByText(secret).count()).toBe(0);
    expect(await visitor.getByRole('link', { name: 'Newest' }).getAttribute('aria-current')).toBe('page');
    expect(await seriousAxeViolations(visitor)).toEqual([]);

    await visitor.getByRole('link', { name: 'Most games' }).click();
    await expect.poll(() => visitor.getByRole('link', { name: 'Most games' }).getAttribute('aria-current')).toBe('page');
    expect(new URL(visitor.url()).search).toBe('?order=most-games');

    // The list's own page says who made it, and leads to their page.
    await visitor.goto(href);
    await visitor.getByRole('heading', { level: 1, name: shared }).waitFor();
    await visitor.getByRole('link', { name: 'Lena Lister' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Lena Lister' }).waitFor();
    expect(new URL(visitor.url()).search).toBe(`?id=${maker.id}`);
  });
});
