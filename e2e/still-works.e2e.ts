import net from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedGameOf, signInVerified } from './support/accounts';
import { seriousAxeViolations, useBrowser } from './support/browser';
import { startBuiltServer, type ServerProcess } from './support/server-process';

// A server of this file's own, with the still-works checks on and 127.0.0.1 allowed as their
// target (loopback is refused otherwise): the maker's health address is a closed local port,
// so every check fails at once, as it would for a game whose server is gone.
const ADMIN_EMAIL = `admin-still-works-${Date.now()}@example.com`;
let server: ServerProcess;
let closedPort: number;
beforeAll(async () => {
  closedPort = await portNobodyListensOn();
  server = await startBuiltServer({
    env: { ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: 'true', GAME_CHECKS: 'true', OUTGOING_ALLOW_HOSTS: '127.0.0.1' },
  });
}, 90_000);
afterAll(() => server?.stop());

const session = useBrowser(() => server.baseUrl);

function portNobodyListensOn(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function member(name: string) {
  const page = await session.newPage();
  await signInVerified(page, server.baseUrl, name);
  return page;
}

/** Focuses a control and presses a key on it, as a keyboard user does. */
async function press(page: Page, control: ReturnType<Page['getByRole']>, key = 'Enter') {
  await control.focus();
  await page.keyboard.press(key);
}

describe('still works, as makers and players see it', () => {
  it('the maker sets a health address and checks by keyboard; players see the status and say it does not work for them', async () => {
    const maker = await member('Cleo Checker');
    const title = `Signal Fire ${Date.now()}`;
    const gameId = await listedGameOf(session, server.baseUrl, ADMIN_EMAIL, maker, title);

    await maker.goto('/my-games', { waitUntil: 'networkidle' });
    const checks = maker.getByRole('region', { name: `Checks of ${title}` });
    await checks.getByText('No checks yet').waitFor();
    const address = checks.getByLabel('Health address (optional)');
    await address.focus();
    await maker.keyboard.type(`https://127.0.0.1:${closedPort}/health`);
    await maker.keyboard.press('Tab');
    await maker.keyboard.press('Enter');
    await checks.getByRole('status').getByText('Saved: the next check uses it.').waitFor();

    await press(maker, checks.getByRole('button', { name: 'Check now' }));
    await checks
      .getByRole('status')
      .getByText(/^The check failed: /)
      .waitFor();
    await checks.getByText('Having problems').first().waitFor();
    const latest = checks.getByRole('listitem').first();
    await latest.getByText('Failed').waitFor();
    await latest.getByText('(asked for)').waitFor();
    // Asked again at once: refused with when it may be asked next, nothing checked.
    session.allowConsoleError(/status of 429 .*\/api\/me\/games\/\d+\/checks/);
    await press(maker, checks.getByRole('button', { name: 'Check now' }));
    await checks
      .getByRole('status')
      .getByText(/once every 10 minutes/i)
      .waitFor();
    expect(await checks.getByRole('listitem').count()).toBe(1);
    expect(await seriousAxeViolations(maker)).toEqual([]);

    const player = await member('Pia Player');
    await player.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
    await player.getByText('Status: Having problems').waitFor();
    await player.getByText(/checked .* ago|checked just now/).waitFor();
    await press(player, player.getByRole('button', { name: `It doesn't work for me: ${title}` }));
    await player.getByRole('status').getByText('Thanks: the maker and other players will see it.').waitFor();
    // Once a week: after a reload the button is back, and pressing it again is refused with why.
    session.allowConsoleError(/status of 429 .*\/api\/games\/\d+\//);
    await player.reload();
    await press(player, player.getByRole('button', { name: `It doesn't work for me: ${title}` }));
    await player.getByRole('status').getByText('You already said so this week.').waitFor();
    expect(await seriousAxeViolations(player)).toEqual([]);
  });

  it("offers Show games that don't work on /games by keyboard, kept in the address and shown as a chip", async () => {
    const page = await member('Finn Filter');
    await page.goto('/games', { waitUntil: 'networkidle' });
    const box = page.getByRole('checkbox', { name: /^Show games that don't work/ });
    await press(page, box, 'Space');
    await page.waitForURL(/showNotWorking=true/);
    await page
      .getByRole('link', { name: /Including games that don't work/ })
      .first()
      .waitFor();
    expect(await box.isChecked()).toBe(true);
    // The address alone gives the same list, before any script runs.
    await page.reload();
    expect(await page.getByRole('checkbox', { name: /^Show games that don't work/ }).isChecked()).toBe(true);
  });

  it('asks for a health address on the submission form and refuses one that is not https', async () => {
    const page = await member('Hal Health');
    await page.goto('/submit-game', { waitUntil: 'networkidle' });
    const field = page.getByLabel('Health address (optional)');
    await field.fill('http://status.example.com');
    await field.blur();
    await page.getByText('Health address must be a full https:// address').waitFor();
    await field.fill('https://status.example.com');
    await expect.poll(() => page.getByText('Health address must be a full https:// address').count()).toBe(0);
  });
});
