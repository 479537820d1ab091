import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, signUpThroughApi, useBrowser } from './support/browser';
import { linkInMessage } from './support/outbox';

const session = useBrowser();
const PASSWORD = 'amber-kestrel-lagoon-64';
let counter = 0;
const unique = (name: string) => `${name}-${Date.now() % 1_000_000}-${++counter}`;

async function signUpThroughTheForms(page: Page, email: string) {
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Robin Newcomer');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const submit = page.getByRole('button', { name: 'Create account' });
  await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
  await submit.click();
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
  await page.goto(await linkInMessage(email), { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: 'Finish creating your account' }).click();
  await page.waitForURL('**/signup');
  await page.getByLabel('Username', { exact: true }).fill(unique('robin'));
  await page.getByText('Available').waitFor();
  await page.getByLabel('I accept the terms of use').check();
  await page.getByRole('button', { name: 'Finish sign-up' }).click();
  await page.waitForURL('**/onboarding');
}

/** A page signed in as a new account that has finished /signup, made through the API. */
async function finishedMemberPage(): Promise<Page> {
  const page = await session.newPage();
  const headers = { origin: session.baseUrl };
  await signUpThroughApi(page.request, session.baseUrl, {
    name: 'Category Fan',
    email: `${unique('fan')}@example.com`,
    password: PASSWORD,
  });
  const step = await page.request.post('/api/me/signup', { headers, data: { username: unique('fan'), acceptTerms: true } });
  expect(step.ok()).toBe(true);
  return page;
}

/** A category's toggle: its name starts with the word shown, "Add" or (once chosen) "Favourite". */
const favourite = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^(Add|Favourite) ${name}$`) });

describe('onboarding', () => {
  it('takes a newcomer from sign-up through categories and profile to games for them', async () => {
    const page = await session.newPage();
    const email = `${unique('robin')}@example.com`;
    await signUpThroughTheForms(page, email);

    await page.getByRole('heading', { name: 'Welcome to GameSource' }).waitFor();
    await page.getByText('Step 1 of 3').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Get started' }).click();

    await page.getByRole('heading', { name: 'What do you like to play?' }).waitFor();
    await page.getByText('Step 2 of 3').waitFor();
    await favourite(page, 'Music').click();
    await expect.poll(() => favourite(page, 'Music').getAttribute('aria-pressed')).toBe('true');
    await favourite(page, 'Racing').click();
    await page.getByText('2 of 5 favourites picked.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Leaving and coming back resumes where the user was, with the choice kept.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'What do you like to play?' }).waitFor();
    expect(await favourite(page, 'Racing').getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Set up your profile' }).waitFor();
    await page.getByLabel('Display name').fill('Robin the Builder');
    await page.getByLabel('Bio (optional)').fill('Builds villages where the villagers remember you.');
    await page.getByLabel('Latitude').fill('90.0001');
    await page.getByRole('button', { name: 'Save and finish' }).click();
    await page.getByText('Latitude must be from -90 to 90').waitFor();
    await page.getByLabel('Latitude').fill('');

    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    await page.getByRole('img', { name: 'Your picture, framed as a square' }).waitFor();
    await page.getByRole('button', { name: 'Use this picture' }).click();
    await page.locator('img[src^="/uploads/"]').waitFor();
    await page.getByRole('button', { name: 'Save and finish' }).click();

    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#for-you-title');
    await page.getByRole('heading', { name: 'For you' }).waitFor();
    await page.getByText('From your favourite categories: Music, Racing.').waitFor();
    const cards = page.getByRole('list', { name: 'Games for you' }).getByRole('article');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    for (const category of await cards.locator('p.uppercase').allTextContents()) {
      expect(['Music', 'Racing']).toContain(category);
    }
    await page.getByRole('button', { name: /Robin the Builder/ }).waitFor();

    // The public profile: what the user chose to show, never the e-mail.
    await page.goto('/profile-setup', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'See your public profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Robin the Builder' }).waitFor();
    await page.getByText('Builds villages where the villagers remember you.').waitFor();
    expect(await page.locator('main').textContent()).not.toContain(email);

    await page.goto('/onboarding', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'You are all set' }).waitFor();
  }, 120_000);

  it('can be skipped from the welcome, straight to the home page', async () => {
    const page = await finishedMemberPage();
    await page.goto('/onboarding', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Skip onboarding' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Pick categories' }).waitFor();
  });
});

describe('a location by place name', () => {
  it('finds a town as it is typed, chosen with the keyboard alone, and names saved coordinates', async () => {
    const page = await finishedMemberPage();
    await page.goto('/profile-setup', { waitUntil: 'networkidle' });
    const place = page.getByRole('combobox', { name: 'Town or city' });
    await place.focus();
    await page.keyboard.type('lisb');
    await page.getByRole('option', { name: 'Lisbon, Portugal' }).waitFor();
    const highlighted = page.getByRole('listbox', { name: 'Places' }).getByRole('option', { selected: true });
    expect(await highlighted.textContent()).toBe('Lisbon, Portugal');
    expect(await place.getAttribute('aria-activedescendant')).toBe(await highlighted.getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    expect(await highlighted.textContent()).not.toBe('Lisbon, Portugal');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toMatch(/^38\.7\d{3}$/);
    expect(await page.getByLabel('Longitude').inputValue()).toMatch(/^-9\.1\d{3}$/);
    await page.getByText('Near Lisbon, Portugal').waitFor();
    expect(await place.getAttribute('aria-expanded')).toBe('false');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile is saved.').waitFor();

    // Saved as coordinates, named again after a reload; typed coordinates are named too.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('Near Lisbon, Portugal').waitFor();
    await page.getByLabel('Latitude').fill('51.5072');
    await page.getByLabel('Longitude').fill('-0.1276');
    await page.getByText('Near London, United Kingdom').waitFor();
    await page.getByRole('button', { name: 'Clear location' }).click();
    expect(await place.inputValue()).toBe('');
    await page.getByText('Choose a place, or give the coordinates below.').waitFor();
  });
});

describe('/categories', () => {
  it('lets a signed-in user pick favourites that are still there after a reload', async () => {
    const page = await finishedMemberPage();
    await page.goto('/categories', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await favourite(page, 'Puzzle').click();
    await favourite(page, 'Strategy').click();
    await page.getByText('2 of 5 favourites picked.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByText('2 of 5 favourites picked.').waitFor();
    expect(await favourite(page, 'Puzzle').getAttribute('aria-pressed')).toBe('true');
    expect(await favourite(page, 'Strategy').getAttribute('aria-pressed')).toBe('true');
    expect(await favourite(page, 'Music').getAttribute('aria-pressed')).toBe('false');

    await page.getByRole('link', { name: 'Puzzle', exact: true }).click();
    await page.waitForURL('**/games?category=puzzle');
  });
});
