// Finding 6 in the browser: a moderator is not offered a decision on their own game, and a
// maker is not offered a review form or helpful votes on their own game's page. (The services
// refuse both too: src/server/attacks/self-dealing.int.test.ts.)
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageHeaders, signInVerified, submitGame } from './support/accounts';
import { seriousAxeViolations, useBrowser } from './support/browser';
import { startBuiltServer, type ServerProcess } from './support/server-process';

const ADMIN_EMAIL = `self-dealing-admin-${Date.now()}@example.com`;
const OWN_GAME_NOTICE = 'You can’t decide on your own game: another moderator will.';
let server: ServerProcess;
beforeAll(async () => {
  server = await startBuiltServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: '127.0.0.1' } });
}, 90_000);
afterAll(() => server?.stop());

const session = useBrowser(() => server.baseUrl);
const signIn = (page: Page, name: string, email?: string) => signInVerified(page, server.baseUrl, name, email);
const headers = () => pageHeaders(server.baseUrl);

describe('self-dealing, as the browser offers it', () => {
  it(
    'a moderator sees no decision on their own game, and as its maker no review form or helpful votes on its page',
    { timeout: 120_000 },
    async () => {
      const adminPage = await session.newPage();
      await signIn(adminPage, 'Ada Admin', ADMIN_EMAIL);
      const page = await session.newPage({ width: 390 });
      const moderator = await signIn(page, 'Mira Moderator');
      const promoted = await adminPage.context().request.post('/api/auth/admin/set-role', {
        headers: { origin: server.baseUrl },
        data: { userId: moderator.id, role: 'moderator' },
      });
      expect(promoted.ok(), await promoted.text()).toBe(true);

      const title = `Mira's Own Saga ${Date.now()}`;
      const submissionId = await submitGame(page.context().request, server.baseUrl, title);
      await page.goto('/moderation', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: new RegExp(title) }).waitFor();
      const decision = page.getByRole('region', { name: 'Your decision' });
      await decision.getByText(OWN_GAME_NOTICE).waitFor();
      for (const name of ['Approve', 'Ask for changes', 'Reject'])
        expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The admin is another moderator: they decide, and see the buttons for it.
      await adminPage.goto('/moderation', { waitUntil: 'networkidle' });
      await adminPage.getByRole('button', { name: 'Approve', exact: true }).waitFor();
      expect(await adminPage.getByText(OWN_GAME_NOTICE).count()).toBe(0);
      const approved = await adminPage
        .context()
        .request.post(`/api/moderation/submissions/${submissionId}/approve`, { headers: { origin: server.baseUrl }, data: {} });
      expect(approved.ok(), await approved.text()).toBe(true);
      const { gameId } = (await approved.json()) as { gameId: number };

      const playerPage = await session.newPage();
      await signIn(playerPage, 'Pat Player');
      const review = await playerPage
        .context()
        .request.post(`/api/games/${gameId}/reviews`, { headers: headers(), data: { stars: 4, body: 'The witnesses surprised me.' } });
      expect(review.ok(), await review.text()).toBe(true);

      await page.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
      await page.getByText('The witnesses surprised me.').waitFor();
      await page.getByRole('heading', { name: 'Your game', level: 3 }).waitFor();
      await page.getByText('Makers don’t review their own games or vote on their reviews').waitFor();
      expect(await page.getByRole('heading', { name: 'Write a review' }).count()).toBe(0);
      expect(await page.getByRole('group', { name: 'Your rating' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /helpful/i }).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A player still gets both on the same page.
      const otherPage = await session.newPage();
      await signIn(otherPage, 'Quinn Player');
      await otherPage.goto(`/game-detail?id=${gameId}`, { waitUntil: 'networkidle' });
      await otherPage.getByRole('heading', { name: 'Write a review' }).waitFor();
      await otherPage
        .getByRole('button', { name: /helpful/i })
        .first()
        .waitFor();
    },
  );
});
