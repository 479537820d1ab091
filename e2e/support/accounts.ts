import type { APIRequestContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { BrowserSession } from './browser';
import { linkInMessage } from './outbox';

export const PASSWORD = 'lantern-orchid-harbor-58';
let accounts = 0;

/** Headers of an API call from a page of the site, from an address of its own (sign-ups are limited per address; the server trusts 127.0.0.1 as its proxy). */
export const pageHeaders = (baseUrl: string) => ({ origin: baseUrl, 'x-forwarded-for': `10.79.${process.pid % 250}.${++accounts % 250}` });

/**
 * A verified account that has finished sign-up, signed in in this page's browser context, on a
 * server of the test's own (`baseUrl`): the e-mail is confirmed through the server's outbox.
 */
export async function signInVerified(
  page: Page,
  baseUrl: string,
  name: string,
  email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}-${++accounts}@example.com`,
) {
  const request = page.context().request;
  const created = await request.post(`${baseUrl}/api/auth/sign-up/email`, {
    headers: pageHeaders(baseUrl),
    data: { email, name, password: PASSWORD },
  });
  expect(created.ok(), await created.text()).toBe(true);
  expect((await request.get(await linkInMessage(email, baseUrl))).ok()).toBe(true);
  const signedIn = await request.post(`${baseUrl}/api/auth/sign-in/email`, {
    headers: pageHeaders(baseUrl),
    data: { email, password: PASSWORD },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const username = `${name.toLowerCase().replace(/\W+/g, '')}${Date.now() % 100000}${accounts}`;
  const finished = await request.post(`${baseUrl}/api/me/signup`, { headers: pageHeaders(baseUrl), data: { username, acceptTerms: true } });
  expect(finished.ok(), await finished.text()).toBe(true);
  const me = (await (await request.get(`${baseUrl}/api/me`)).json()) as { user: { id: string; role: string } };
  return { email, ...me.user };
}

export const coverPng = () =>
  sharp({ create: { width: 1280, height: 720, channels: 3, background: '#4b2a8a' } })
    .png()
    .toBuffer();

/** A complete second-edition disclosure (decision 0064) for games the browser tests submit. */
export const gameDisclosure = {
  generation: 'live',
  liveSafety: 'A moderation model checks every line.',
  provider: 'openai',
  model: 'gpt-4o-mini',
  inputGoesTo: 'third-party',
  inputProviderName: 'OpenAI',
  inputKept: 'not-kept',
  inputKeptDays: null,
  cost: 'free',
  downloadMb: null,
  memoryMb: null,
  webGpu: 'not-stated',
  licence: 'proprietary',
  licenceName: '',
  providerName: '',
};

/** Uploads a cover, then makes and submits a complete game for review; answers the submission id. */
export async function submitGame(request: APIRequestContext, baseUrl: string, title: string): Promise<number> {
  const uploaded = await request.post(`${baseUrl}/api/uploads`, {
    headers: pageHeaders(baseUrl),
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: await coverPng() } },
  });
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
    ai: {
      roles: ['npc-dialogue'],
      runsOn: 'cloud',
      worksOffline: false,
      needsOwnApiKey: false,
      modelFamily: 'Open-weights LLM',
      outputModerated: true,
      disclosure: gameDisclosure,
    },
    cover: { path: ((await uploaded.json()) as { path: string }).path, alt: 'A lamplit study full of case files' },
  };
  const created = await request.post(`${baseUrl}/api/submissions`, { headers: pageHeaders(baseUrl), data: { payload } });
  expect(created.ok(), await created.text()).toBe(true);
  const id = ((await created.json()) as { submission: { id: number } }).submission.id;
  const submitted = await request.post(`${baseUrl}/api/submissions/${id}/submit`, { headers: pageHeaders(baseUrl), data: {} });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  return id;
}

/**
 * A game of the maker's (signed in on `maker`), listed the way a real one is: submitted through the
 * API and approved by a moderator whom the server's admin (`adminEmail`, in ADMIN_EMAILS) appoints.
 */
export async function listedGameOf(
  session: BrowserSession,
  baseUrl: string,
  adminEmail: string,
  maker: Page,
  title: string,
): Promise<number> {
  const post = (page: Page, path: string, data: unknown) => page.context().request.post(path, { headers: { origin: baseUrl }, data });
  const admin = await session.newPage();
  await signInVerified(admin, baseUrl, 'Ada Admin', adminEmail);
  const moderator = await session.newPage();
  const { id: moderatorId } = await signInVerified(moderator, baseUrl, 'Mira Moderator');
  expect((await post(admin, '/api/auth/admin/set-role', { userId: moderatorId, role: 'moderator' })).ok()).toBe(true);
  const submissionId = await submitGame(maker.context().request, baseUrl, title);
  const approved = await post(moderator, `/api/moderation/submissions/${submissionId}/approve`, {});
  expect(approved.ok(), await approved.text()).toBe(true);
  return ((await approved.json()) as { gameId: number }).gameId;
}
