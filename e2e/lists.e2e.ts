import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from './support/browser';

const session = useBrowser();
let members = 0;

/** The demo account: sign-ups are rate limited, and every list here has a unique name. */
const memberPage = (): Promise<Page> => session.newPage({ signedInAs: 'demo' });

const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}${++members}`;

/** Creates a list on /lists and answers with its page's address. */
async function createList(page: Page, name: string): Promise<string> {
  await page.goto('/lists');
  await page.getByLabel('New list').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  const link = page.getByRole('link', { name, exact: true });
  await link.waitFor();
  return (await link.getAttribute('href'))!;
}

/**
 * The owner renames the list on its page; the watcher's open page shows the new name within a
 * second, without a reload (a mark set on its window survives).
 */
async function renameAndWatch(owner: Page, watcher: Page, name: string): Promise<void> {
  await watcher.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
  await owner.getByRole('button', { name: 'Edit details' }).click();
  await owner.getByLabel('Name').fill(`${name} (renamed)`);
  await owner.getByRole('button', { name: 'Save' }).click();
  await owner.getByRole('heading', { level: 1, name: `${name} (renamed)` }).waitFor();

  const started = Date.now();
  await watcher.getByRole('heading', { level: 1, name: `${name} (renamed)` }).waitFor({ timeout: 1000 });
  expect(Date.now() - started).toBeLessThan(1000);
  expect(await watcher.evaluate(() => (window as unknown as { liveMark?: number }).liveMark)).toBe(1);
}

async function cardTitle(page: Page, index = 0): Promise<string> {
  const heading = page.getByRole('list', { name: /games/i }).first().getByRole('article').nth(index).getByRole('heading');
  return (await heading.textContent())!;
}

/** Opens the game's "Add to a list" dialog on /games and ticks the list; answers the dialog. */
async function tickList(page: Page, title: string, listName: string) {
  await page.getByRole('button', { name: `Add ${title} to a list` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${title} to a list` });
  await dialog.getByRole('checkbox', { name: new RegExp(listName) }).check();
  return dialog;
}

/** Holds the page's document writes (not its reads or queries) until `release` is called. */
async function holdWrites(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const firstHeld = new Promise<void>((resolve) => (held = resolve));
  await page.route(/\/api\/documents/, async (route) => {
    const request = route.request();
    if (request.method() === 'GET' || request.url().endsWith(':query')) return route.continue();
    held();
    await released;
    await route.continue();
  });
  return { firstHeld, release };
}

describe('lists', () => {
  it('makes a list, adds a game from its card with a note, shares it publicly and shows it to a signed-out visitor', async () => {
    // Making the list public at once can land before the note's transaction commits: the commit
    // is then refused once (the list changed since it was read) and retried, and both stay.
    session.allowConsoleError(/412 \(Precondition Failed\)/);
    const owner = await memberPage();
    const name = uniqueName('Cozy AI companions');
    const href = await createList(owner, name);

    await owner.goto('/games');
    await owner.getByRole('article').first().waitFor();
    const title = await cardTitle(owner);
    const dialog = await tickList(owner, title, name);
    await expect.poll(() => dialog.getByRole('listitem').filter({ hasText: name }).getByText('1 game · Private').count()).toBe(1);
    expect(await seriousAxeViolations(owner)).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await owner.goto(href);
    await owner.getByRole('heading', { level: 1, name }).waitFor();
    await owner.getByRole('button', { name: `Add note for ${title}` }).click();
    await owner.getByLabel(`Note for ${title}`).fill('Remembers every conversation.');
    await owner.getByRole('button', { name: 'Save note' }).click();
    await owner.getByText('Remembers every conversation.').waitFor();

    await owner.getByRole('switch', { name: `Public: ${name}` }).click();
    const shareLink = owner.getByLabel(`Share link for ${name}`);
    await shareLink.waitFor();
    const url = await shareLink.inputValue();
    expect(url).toBe(`${session.baseUrl}${href}`);
    expect(await seriousAxeViolations(owner)).toEqual([]);

    const visitor = await session.newPage();
    await visitor.goto(url);
    await visitor.getByRole('heading', { level: 1, name }).waitFor();
    await visitor.getByRole('heading', { name: title }).waitFor();
    await visitor.getByText('Remembers every conversation.').waitFor();
    expect(await visitor.getByRole('button', { name: /Edit note|Move|Remove/ }).count()).toBe(0);
    expect(await seriousAxeViolations(visitor)).toEqual([]);
  });

  it('keeps a list whose maker leaves the page before it is sent', async () => {
    const owner = await memberPage();
    await owner.goto('/lists');
    const name = uniqueName('Made in passing');
    await owner.getByLabel('New list').fill(name);
    const { firstHeld, release } = await holdWrites(owner);
    await owner.getByRole('button', { name: 'Create' }).click();
    await owner.getByRole('link', { name, exact: true }).waitFor();
    await firstHeld;
    await owner.goto('/about');
    release();

    await owner.goto('/lists');
    await owner.getByRole('link', { name, exact: true }).waitFor();
  });

  it("shows an edit in the owner's second tab within a second, without a reload", async () => {
    const owner = await memberPage();
    const name = uniqueName('Best LLM NPCs');
    const href = await createList(owner, name);
    const second = await owner.context().newPage();
    for (const page of [owner, second]) await page.goto(href);
    await second.getByRole('heading', { level: 1, name }).waitFor();
    await renameAndWatch(owner, second, name);
  });

  it("shows the owner's edit to a visitor in another browser within a second, without a reload", async () => {
    const owner = await memberPage();
    const name = uniqueName('Companions worth meeting');
    const href = await createList(owner, name);
    await owner.goto(href);
    await owner.getByRole('switch', { name: `Public: ${name}` }).click();
    await owner.getByLabel(`Share link for ${name}`).waitFor();

    // A browser of its own (its own context: no shared cookies, storage or tabs), signed out.
    const visitor = await session.newPage();
    await visitor.goto(href);
    await visitor.getByRole('heading', { level: 1, name }).waitFor();
    await renameAndWatch(owner, visitor, name);
  });

  it('keeps both games when two tabs add one to the same list at the same moment', async () => {
    // The first tab's write is refused once (the list changed since it read it), then retried.
    session.allowConsoleError(/412 \(Precondition Failed\)/);
    const first = await memberPage();
    const name = uniqueName('Raced');
    const href = await createList(first, name);
    const second = await first.context().newPage();
    for (const page of [first, second]) {
      await page.goto('/games');
      await page.getByRole('article').first().waitFor();
    }
    const [one, two] = [await cardTitle(first, 0), await cardTitle(first, 1)];

    // The first tab has read the list and is about to write it back with its game added...
    const { firstHeld, release } = await holdWrites(first);
    const firstDialog = await tickList(first, one, name);
    await firstHeld;
    // ...when the second tab adds another game to the same list.
    const secondDialog = await tickList(second, two, name);
    await secondDialog.getByRole('listitem').filter({ hasText: name }).getByText('1 game · Private').waitFor();
    release();
    await firstDialog.getByRole('listitem').filter({ hasText: name }).getByText('2 games · Private').waitFor();

    await first.goto(href);
    for (const title of [one, two]) await first.getByRole('heading', { name: title }).waitFor();
  });

  it('tells a visitor watching a public list "This list is private" within a second of its owner making it private', async () => {
    // The page reads the list again to learn why its topic was revoked: the store answers 403.
    session.allowConsoleError(/403 \(Forbidden\)/);
    const owner = await memberPage();
    const name = uniqueName('Soon private');
    const href = await createList(owner, name);
    await owner.goto(href);
    const publicSwitch = owner.getByRole('switch', { name: `Public: ${name}` });
    await publicSwitch.click();
    await owner.getByLabel(`Share link for ${name}`).waitFor();

    const visitor = await session.newPage();
    await visitor.goto(href);
    await visitor.getByRole('heading', { level: 1, name }).waitFor();
    // Timed from the owner's change being saved, as an edit is (renameAndWatch): the owner's own
    // write taking its time on a loaded machine is not the visitor's wait.
    const saved = owner.waitForResponse((response) => response.url().includes('/api/') && response.request().method() !== 'GET');
    await publicSwitch.click();
    expect((await saved).ok()).toBe(true);
    const started = Date.now();
    await visitor.getByRole('heading', { level: 1, name: 'This list is private' }).waitFor({ timeout: 1000 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await visitor.getByText(name).count()).toBe(0);
  });

  it('answers a private list to a signed-out visitor with "This list is private"', async () => {
    session.allowConsoleError(/403 \(Forbidden\)/);
    const owner = await memberPage();
    const name = uniqueName('Secret picks');
    const href = await createList(owner, name);
    const visitor = await session.newPage();
    await visitor.goto(href);
    await visitor.getByRole('heading', { level: 1, name: 'This list is private' }).waitFor();
    expect(await visitor.getByText(name).count()).toBe(0);
    const signIn = visitor.getByRole('link', { name: 'Sign in' }).last();
    expect(await signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(href)}`);
  });
});
