import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ownAddressHeaders, signUpThroughApi, useBrowser } from './support/browser';
import { OIDC_ACCOUNT, OIDC_PROVIDER } from './support/global-setup';
import { codeInMessage, linkInMessage } from './support/outbox';

const session = useBrowser();
const PASSWORD = 'quiet-cobalt-harbour-73';
let counter = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${++counter}@example.com`;

const me = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { email: string } | null }).user);

async function createAccount(page: Page, email: string) {
  await page.goto('/login', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Robin Maker');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const submit = page.getByRole('button', { name: 'Create account' });
  await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
  await submit.click();
}

/** An account that has finished sign-up, made through the API in a context of its own. */
async function finishedAccount(): Promise<string> {
  const context = await session.browser.newContext();
  const email = uniqueEmail('returning');
  const headers = { origin: session.baseUrl };
  try {
    await signUpThroughApi(context.request, session.baseUrl, { name: 'Returning Player', email, password: PASSWORD });
    const step = await context.request.post(`${session.baseUrl}/api/me/signup`, {
      headers,
      data: { username: `returning-${Date.now() % 1_000_000}-${counter}`, acceptTerms: true },
    });
    expect(step.ok()).toBe(true);
  } finally {
    await context.close();
  }
  return email;
}

describe('the account screen', () => {
  it('lists this device and another one, and signs the other one out', async () => {
    const email = await finishedAccount();
    const laptop = await session.newPage({ width: 390 });
    const phone = await session.newPage();
    const phoneHeaders = ownAddressHeaders(session.baseUrl);
    for (const [page, headers] of [
      [laptop, ownAddressHeaders(session.baseUrl)],
      [phone, phoneHeaders],
    ] as const) {
      const signedIn = await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password: PASSWORD } });
      expect(signedIn.ok()).toBe(true);
    }
    await laptop.goto('/account', { waitUntil: 'networkidle' });
    const sessions = laptop.getByRole('region', { name: 'Where you are signed in' });
    await sessions.getByText('This device').waitFor();
    const phoneRow = sessions.getByRole('listitem').filter({ hasText: `IP ${phoneHeaders['x-forwarded-for']} ` });
    await phoneRow.getByRole('button', { name: 'Sign out', exact: true }).click();
    await sessions.getByText('That device has been signed out.').waitFor();
    expect(((await (await phone.request.get('/api/me')).json()) as { user: unknown }).user).toBeNull();
    expect(await me(laptop)).toMatchObject({ email });
  });
});

describe('signing up and in', () => {
  it('creates an account with a password, confirms the address by mail, finishes /signup and lands on /onboarding', async () => {
    const page = await session.newPage();
    const email = uniqueEmail('robin');
    await createAccount(page, email);
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await page.getByText(`We sent a message to ${email}`).waitFor();
    expect(await me(page)).toBeNull();

    await page.goto(await linkInMessage(email), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'E-mail verified' }).waitFor();
    await page.getByRole('link', { name: 'Finish creating your account' }).click();
    await page.waitForURL('**/signup');
    await page.getByRole('heading', { name: 'Finish creating your account' }).waitFor();
    await page.getByLabel('Username', { exact: true }).fill(`robin-${counter}-${Date.now() % 100000}`);
    await page.getByText('Available').waitFor();
    await page.getByLabel('I accept the terms of use').check();
    await page.getByRole('button', { name: 'Finish sign-up' }).click();
    await page.waitForURL('**/onboarding');
    expect(await me(page)).toMatchObject({ email });
  });

  it('sends a signed-out visitor to /login with next, then back to the wanted page', async () => {
    session.allowConsoleError(/401/);
    const email = await finishedAccount();

    const page = await session.newPage();
    // Hold the answer until the checking state has been seen, as on a slow network (a fixed
    // delay could pass unseen on a busy machine).
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/me', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto('/games?category=rpg');
    await page.getByText('Checking authentication...').waitFor();
    answer();
    await page.waitForURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/games?category=rpg');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid|wrong|incorrect/i })
      .waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/games?category=rpg');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('takes a signed-in user who has not finished sign-up to /signup from a guarded screen', async () => {
    const page = await session.newPage({ signedInAs: 'newcomer' });
    await page.goto('/categories');
    await page.waitForURL('**/signup');
    await page.getByRole('heading', { name: 'Finish creating your account' }).waitFor();
  });

  it('never follows a next parameter off the site', async () => {
    const page = await session.newPage();
    await page.goto('/login?next=https://evil.example/steal', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL((url) => url.origin === new URL(session.baseUrl).origin && url.pathname === '/');
  });

  it('signs in with an e-mail link after the confirm button, once only', async () => {
    const page = await session.newPage();
    const email = uniqueEmail('linker');
    await page.goto('/login?next=%2Fcategories', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByText(`we sent a sign-in link to ${email}`).waitFor();

    const link = await linkInMessage(email);
    await page.goto(link, { waitUntil: 'networkidle' });
    expect(await me(page)).toBeNull();
    await page.getByRole('button', { name: 'Sign in to GameSource' }).click();
    await page.waitForURL('**/signup');
    expect(await me(page)).toMatchObject({ email });

    const other = await session.newPage();
    await other.goto(link, { waitUntil: 'networkidle' });
    await other.getByRole('button', { name: 'Sign in to GameSource' }).click();
    await other.getByText('This sign-in link has already been used or has expired.').waitFor();
  });

  it('signs in with a phone code', async () => {
    session.allowConsoleError(/40\d/);
    const page = await session.newPage({ width: 375 });
    const phone = `+4420795${String(Date.now()).slice(-5)}`;
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in with a phone code' }).click();
    await page.getByLabel('Phone number', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = await codeInMessage(phone);
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL('**/signup');
    expect(await me(page)).not.toBeNull();
  });

  it('signs in with an OpenID Connect provider', async () => {
    // The provider's own login page asks for a web font and a favicon it does not have.
    session.allowConsoleError(/ERR_BLOCKED_BY_CLIENT|404 \(Not Found\)/);
    const page = await session.newPage();
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: `Continue with ${OIDC_PROVIDER.name}` }).click();
    await page.locator('input[name="login"]').fill(OIDC_ACCOUNT.login);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]').click(); // consent
    await page.waitForURL((url) => url.origin === new URL(session.baseUrl).origin);
    await expect.poll(() => me(page)).toMatchObject({ email: OIDC_ACCOUNT.email });
  });

  it("'Try the demo' lands in the app, and /logout signs out", async () => {
    const page = await session.newPage();
    await page.goto('/login?next=%2Fgames', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL('**/games');
    await expect.poll(() => page.getByRole('article').count()).toBe(12);
    expect(await me(page)).toMatchObject({ email: 'demo@gamesource.example' });

    await page.goto('/logout');
    await page.waitForURL('**/login');
    expect(await me(page)).toBeNull();
    await page.goto('/games');
    await page.waitForURL(/\/login\?next=%2Fgames$/);
  });
});
