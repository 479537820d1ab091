// Finding 6 in the browser: a moderator is not offered a decision on their own game, and a
// maker is not offered a review form or helpful votes on their own game's page. (The services
// refuse both too: src/server/attacks/self-dealing.int.test.ts.)
import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations, useBrowser } from './support/browser';
import { linkInMessage } from './support/outbox';
import { startBuiltServer, type ServerProcess } from './support/server-process';

const ADMIN_EMAIL = `self-dealing-admin-${Date.now()}@example.com`;
const PASSWORD = 'lantern-orchid-harbor-58';
const OWN_GAME_NOTICE = 'You can’t decide on your own game: another moderator will.';
let server: ServerProcess;
beforeAll(async () => {
  server = await startBuiltServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: '127.0.0.1' } });
}, 90_000);
afterAll(() => server?.stop());

const session = useBrowser(() => server.baseUrl);
let accounts = 0;

/** Headers of a call from a page of the site, from an address of its own (sign-ups are limited per address). */
const pageHeaders = () => ({ origin: server.baseUrl, 'x-forwarded-for': `10.79.${process.pid % 250}.${++accounts % 250}` });

/** A verified account that has finished sign-up, signed in in this page's browser context. */
async function signIn(page: Page, name: string, email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${++accounts}@example.com`) {
  const request = page.context().request;
  const created = await request.post('/api/auth/sign-up/email', { headers: pageHeaders(), data: { email, name, password: PASSWORD } });
  expect(created.ok(), await created.text()).toBe(true);
  expect((await request.get(await linkInMessage(email, server.baseUrl))).ok()).toBe(true);
  const signedIn = await request.post('/api/auth/sign-in/email', { headers: pageHeaders(), data: { email, password: PASSWORD } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const username = `${name.toLowerCase().replace(/\W+/g, '')}${Date.now() % 100000}${accounts}`;
  expect((await request.post('/api/me/signup', { headers: pageHeaders(), data: { username, acceptTerms: true } })).ok()).toBe(true);
  const me = (await (await request.get('/api/me')).json()) as { user: { id: string; role: string } };
  return { email, ...me.user };
}

async function submitGame(request: APIRequestContext, title: string): Promise<number> {
  const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#4b2a8a' } }).png().toBuffer();
  const uploaded = await request.post('/api/uploads', { headers: pageHeaders(), multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: png } } });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const payload = {
    title,
    tagline: 'Witnesses who remember what you said.',
    description: 'Question **witnesses** in their own words.',
    categories: ['puzzle'],
    price: 'free',
    releaseDate: '2026-03-14',
    developer: 'Lantern Owl Studio',
    playUrl: 'https://play.example.com/quillmind',
    platforms: ['web'],
    ai: { roles: ['npc-dialogue'], runsOn: 'cloud', worksOffline: false, needsOwnApiKey: false, modelFamily: 'Open-weights LLM', outputModerated: true },
    cover: { path: ((await uploaded.json()) as { path: string }).path, alt: 'A lamplit study full of case files' },
  };
  const created = await request.post('/api/submissions', { headers: pageHeaders(), data: { payload } });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { submission: { id: number } }).submission.id;
  expect((await request.post(`/api/submissions/${id}/submit`, { headers: pageHeaders(), data: {} })).ok()).toBe(true);
  return id;
}

describe('self-dealing, as the browser offers it', () => {
  it('a moderator sees no decision on their own game, and as its maker no review form or helpful votes on its page', async () => {
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
    const submissionId = await submitGame(page.context().request, title);
    await page.goto('/moderation', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: new RegExp(title) }).waitFor();
    const decision = page.getByRole('region', { name: 'Your decision' });
    await decision.getByText(OWN_GAME_NOTICE).waitFor();
    for (const name of ['Approve', 'Ask for changes', 'Reject']) expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The admin is another moderator: they decide, and see the buttons for it.
    await adminPage.goto('/moderation', { waitUntil: 'networkidle' });
    await adminPage.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    expect(await adminPage.getByText(OWN_GAME_NOTICE).count()).toBe(0);
    const approved = await adminPage.context().request.post(`/api/moderation/submissions/${submissionId}/approve`, { headers: { origin: server.baseUrl }, data: {} });
    expect(approved.ok(), await approved.text()).toBe(true);
    const { gameId } = (await approved.json()) as { gameId: number };

    const playerPage = await session.newPage();
    await signIn(playerPage, 'Pat Player');
    const review = await playerPage.context().request.post(`/api/games/${gameId}/reviews`, { headers: pageHeaders(), data: { stars: 4, body: 'The witnesses surprised me.' } });
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
    await otherPage.getByRole('button', { name: /helpful/i }).first().waitFor();
  });
});
