import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { startBuiltServer, type ServerProcess } from './support/server-process';

// A server of this file's own that makes its own outbox token, as `npm start` does, so the
// test opens the very link it printed (decision 0053).
let server: ServerProcess;
beforeAll(async () => {
  server = await startBuiltServer({ env: { OUTBOX_TOKEN: '' } });
}, 90_000);
afterAll(() => server?.stop());

const session = useBrowser(() => server.baseUrl);
const PASSWORD = 'quiet-cobalt-harbour-73';

const printedLink = () => /^Local outbox \([^)]*\): (\S+)$/m.exec(server.output())?.[1];

describe('a newcomer trying GameSource on their own computer, without a mail server', () => {
  it('is told on the Check your e-mail screen where the outbox link is, and the printed link opens it in that browser', async () => {
    await expect.poll(printedLink).toMatch(new RegExp(`^${server.baseUrl}/dev/outbox\\?token=[A-Za-z0-9_-]{32}$`));
    const page = await session.newPage({ width: 390 });
    const email = `newcomer-${Date.now()}@example.com`;
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Nia Newcomer');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const submit = page.getByRole('button', { name: 'Create account' });
    await expect.poll(() => submit.isEnabled(), { timeout: 15_000 }).toBe(true);
    await submit.click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await page.getByText('Open the “Local outbox” link that GameSource printed in its console').waitFor();

    // Before the printed link: the outbox says where to find it, and shows nobody's messages.
    session.allowConsoleError(/401/);
    const screenLink = page.getByRole('link', { name: 'open your message in the outbox' });
    const messageHref = await screenLink.getAttribute('href');
    expect(messageHref).toBe(`/dev/outbox?to=${encodeURIComponent(email)}`);
    await screenLink.click();
    await page.getByRole('heading', { name: 'The outbox needs its token' }).waitFor();
    expect(await page.content()).not.toContain('Confirm your e-mail');

    await page.goto(printedLink()!);
    await page.getByRole('heading', { name: 'Outbox', exact: true }).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/dev/outbox`);

    // From now on the screen's link shows the message, and its link confirms the address.
    await page.goto(messageHref!);
    await page.getByText(`to ${email}`, { exact: false }).waitFor();
    await page.getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ }).click();
    await page.getByRole('heading', { name: 'E-mail verified' }).waitFor();
  });
});
