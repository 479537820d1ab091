import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionActions, submissionStatuses, submissionTransitions, type SubmissionStatus } from '../../../shared/submissions';
import { uploadIdFromPath } from '../../../shared/uploads';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { completePayload, member, pendingSubmission, put, uploadedPath } from '../../../test-support/submission-fixtures';
import { moderationLog, submissions, uploads } from '../../db/schema';

/** An image another member uploaded. */
const OTHERS_UPLOAD = '/uploads/someone-elses-image-1280.webp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const submissionCount = async () => (await t.database.db.select({ n: count() }).from(submissions))[0]!.n;

async function draftOf(client: HttpClient, payload: object = {}) {
  const response = await client.post('/api/submissions', { payload });
  expect(response.statusCode).toBe(201);
  return response.json().submission as { id: number; status: string; payload: Record<string, unknown> };
}

describe('submitting needs an account', () => {
  it('answers 401 to a visitor and writes nothing', async () => {
    const before = await submissionCount();
    const visitor = new HttpClient(t.app);
    expect((await visitor.post('/api/submissions', { payload: {} })).statusCode).toBe(401);
    expect((await visitor.get('/api/me/submissions')).statusCode).toBe(401);
    expect(await submissionCount()).toBe(before);
  });
});

describe('the submission rules, field by field', () => {
  const bad: [string, Record<string, unknown>, string][] = [
    ['an empty title', { title: '   ' }, 'Title is required'],
    ['a long title', { title: 'x'.repeat(81) }, 'Title must be at most 80 characters'],
    ['a tagline over 120 characters', { tagline: 'x'.repeat(121) }, 'Tagline must be at most 120 characters'],
    ['no category', { categories: [] }, 'Choose at least one category'],
    ['six categories', { categories: ['puzzle', 'rpg', 'music', 'racing', 'sports', 'casual'] }, 'Choose at most 5 categories'],
    ['an unknown category', { categories: ['knitting'] }, "Unknown category 'knitting'"],
    ['a repeated category', { categories: ['rpg', 'rpg'] }, 'Choose each category once'],
    ['a paid game without a price', { price: 'paid', priceAmount: undefined }, 'A paid game needs a price'],
    ['a free game with a price', { price: 'free', priceAmount: 3 }, 'A free game has no price'],
    ['a price under 0.99', { priceAmount: 0.5 }, 'Price must be at least 0.99'],
    ['a price over 999.99', { priceAmount: 1000 }, 'Price must be at most 999.99'],
    ['a price with three decimals', { priceAmount: 4.999 }, 'Price must have at most two decimals'],
    ['a price that is text', { priceAmount: '4.99' }, 'Price must be a number'],
    ['an impossible release date', { releaseDate: '2026-02-30' }, 'Release date must be a real calendar date'],
    ['a release date in words', { releaseDate: 'next spring' }, 'Release date must be a date (YYYY-MM-DD)'],
    ['an empty developer', { developer: '' }, 'Developer or studio is required'],
    ['a plain-http play URL', { playUrl: 'http://play.example.com' }, 'Play URL must be a full https:// address'],
    ['a play URL that is no address', { playUrl: 'play my game' }, 'Play URL must be a full https:// address'],
    ['a homepage that is no web address', { homepageUrl: 'ftp://files.example.com' }, 'Homepage must be a full web address'],
    ['a plain-http health address', { healthUrl: 'http://status.example.com' }, 'Health address must be a full https:// address'],
    [
      'a health address over 500 characters',
      { healthUrl: `https://status.example.com/${'x'.repeat(500)}` },
      'Health address must be at most 500 characters',
    ],
    ['no platform', { platforms: [] }, 'Choose at least one platform'],
    ['an unknown platform', { platforms: ['toaster'] }, "Unknown platform 'toaster'"],
    ['no AI role', { ai: { ...completePayload().ai, roles: [] } }, 'Choose at least one thing the AI does'],
    ['an unknown AI role', { ai: { ...completePayload().ai, roles: ['mind-reading'] } }, "Unknown AI role 'mind-reading'"],
    ['an unknown place the AI runs', { ai: { ...completePayload().ai, runsOn: 'moon' } }, 'Say where the AI runs'],
    ['no model family', { ai: { ...completePayload().ai, modelFamily: '' } }, 'Model family is required'],
    ['a cover from elsewhere', { cover: { path: 'https://evil.example.com/x.png', alt: 'x' } }, 'Image must be one uploaded to GameSource'],
    [
      'a cover that was never uploaded',
      { cover: { path: '/uploads/never-uploaded-0000-1280.webp', alt: 'x' } },
      'Image must be one you uploaded to GameSource',
    ],
    ['a cover someone else uploaded', { cover: { path: OTHERS_UPLOAD, alt: 'x' } }, 'Image must be one you uploaded to GameSource'],
    ['a cover without a description', { cover: { path: uploadedPath(9), alt: '' } }, 'Cover image description is required'],
    [
      'nine screenshots',
      { screenshots: Array.from({ length: 9 }, (_, i) => ({ path: uploadedPath(i + 10), alt: `Shot ${i}` })) },
      'Add at most 8 screenshots',
    ],
    ['a field the form does not have', { secret: 'x' }, 'Unrecognized key'],
  ];

  let client: HttpClient;
  beforeAll(async () => {
    client = (await member(t)).client;
    const someoneElse = await member(t);
    await t.database.db.insert(uploads).values({ id: uploadIdFromPath(OTHERS_UPLOAD)!, userId: someoneElse.id, width: 1600, height: 900 });
  });

  it.each(bad)('refuses %s on submit, with its message, writing nothing', async (_name, change, message) => {
    const draft = await draftOf(client, { title: 'Kept as it was' });
    const response = await client.post(`/api/submissions/${draft.id}/submit`, { payload: { ...completePayload(), ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid-argument');
    expect(response.json().error.message).toContain(message);
    const reread = (await client.get(`/api/submissions/${draft.id}`)).json().submission;
    expect(reread).toMatchObject({ status: 'draft', payload: { title: 'Kept as it was' } });
  });

  it('checks every field a draft has, even though it may leave fields out', async () => {
    const { client } = await member(t);
    const before = await submissionCount();
    const response = await client.post('/api/submissions', { payload: { tagline: 'x'.repeat(121) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Tagline must be at most 120 characters');
    expect(await submissionCount()).toBe(before);

    const draft = await draftOf(client, { title: 'Half done', price: 'paid', priceAmount: 2.5 });
    const badSave = await put(client, `/api/submissions/${draft.id}`, { payload: { title: 'Half done', playUrl: 'http://x.example.com' } });
    expect(badSave.statusCode).toBe(400);
    expect(badSave.json().error.message).toContain('Play URL must be a full https:// address');
    const badShot = await put(client, `/api/submissions/${draft.id}`, {
      payload: { title: 'Half done', screenshots: [{ path: uploadedPath(30), alt: 5 }] },
    });
    expect(badShot.statusCode).toBe(400);
    expect(badShot.json().error.message).toContain('Screenshot description must be text');
    const reread = (await client.get(`/api/submissions/${draft.id}`)).json().submission;
    expect(reread.payload).toEqual({ title: 'Half done', price: 'paid', priceAmount: 2.5 });
  });

  it('saves a draft as it goes, reads it back, and lists it among my submissions', async () => {
    const { client } = await member(t);
    const draft = await draftOf(client);
    expect(draft).toMatchObject({ status: 'draft', payload: {} });
    const saved = await put(client, `/api/submissions/${draft.id}`, { payload: { title: 'Moonlit Ledger', categories: ['rpg'] } });
    expect(saved.statusCode).toBe(200);
    const reread = (await client.get(`/api/submissions/${draft.id}`)).json().submission;
    expect(reread.payload).toEqual({ title: 'Moonlit Ledger', categories: ['rpg'] });
    const mine = (await client.get('/api/me/submissions')).json();
    expect(mine.items.map((s: { id: number }) => s.id)).toEqual([draft.id]);
    expect(mine.total).toBe(1);
    expect((await client.get('/api/me/submissions?pageSize=101')).statusCode).toBe(400);
  });

  it('will not send an incomplete draft for review, and says every missing field', async () => {
    const { client } = await member(t);
    const draft = await draftOf(client, { title: 'Only a title' });
    const response = await client.post(`/api/submissions/${draft.id}/submit`);
    expect(response.statusCode).toBe(400);
    const message = response.json().error.message as string;
    for (const missing of [
      'Tagline is required',
      'Choose at least one category',
      'Play URL is required',
      'How this game uses AI is required',
      'Cover image is required',
    ]) {
      expect(message).toContain(missing);
    }
    expect((await client.get(`/api/submissions/${draft.id}`)).json().submission.status).toBe('draft');
  });

  it('lists an approved game with the health address its maker gave, which the checks use instead of the play URL', async () => {
    const { client } = await member(t);
    const moderator = await member(t, 'moderator');
    const id = await pendingSubmission(client, completePayload({ healthUrl: 'https://status.example.com/quillmind' }));
    const approved = await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const gameId = approved.json().gameId as number;
    expect((await client.get(`/api/me/games/${gameId}/health-url`)).json()).toEqual({ healthUrl: 'https://status.example.com/quillmind' });
    // Its edit starts from the game as listed, health address included.
    const edit = await client.post('/api/submissions', { gameId });
    expect(edit.statusCode, edit.body).toBe(201);
    expect(edit.json().submission.payload.healthUrl).toBe('https://status.example.com/quillmind');
  });

  it('sends a complete draft for review', async () => {
    const { client } = await member(t);
    const draft = await draftOf(client, completePayload());
    const response = await client.post(`/api/submissions/${draft.id}/submit`);
    expect(response.statusCode).toBe(200);
    expect(response.json().submission).toMatchObject({ status: 'pending' });
    expect(response.json().submission.submittedAt).toEqual(expect.any(String));
  });
});

describe("another maker's submission", () => {
  it('cannot be read, edited, submitted or withdrawn', async () => {
    const owner = await member(t);
    const other = await member(t);
    const draft = await draftOf(owner.client, completePayload());
    expect((await other.client.get(`/api/submissions/${draft.id}`)).statusCode).toBe(404);
    expect((await put(other.client, `/api/submissions/${draft.id}`, { payload: { title: 'Mine now' } })).statusCode).toBe(404);
    expect((await other.client.post(`/api/submissions/${draft.id}/submit`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/submissions/${draft.id}/withdraw`)).statusCode).toBe(404);
    const reread = (await owner.client.get(`/api/submissions/${draft.id}`)).json().submission;
    expect(reread.status).toBe('draft');
    expect(reread.payload.title).toBe(draft.payload.title);
  });

  it('is readable by a moderator (to review it)', async () => {
    const owner = await member(t);
    const moderator = await member(t, 'moderator');
    const id = await pendingSubmission(owner.client);
    expect((await moderator.client.get(`/api/submissions/${id}`)).statusCode).toBe(200);
    expect((await put(moderator.client, `/api/submissions/${id}`, { payload: { title: 'Moderated' } })).statusCode).toBe(404);
  });
});

describe('the status machine', () => {
  const moderatorActions = new Set(['approve', 'reject', 'request-changes']);
  const cases = submissionStatuses.flatMap((status) => submissionActions.map((action) => [status, action] as const));

  let maker: Awaited<ReturnType<typeof member>>;
  let moderator: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    maker = await member(t);
    moderator = await member(t, 'moderator');
  });

  it.each(cases)('from %s, %s is allowed only if the table says so', async (status, action) => {
    const draft = await draftOf(maker.client, completePayload());
    await t.database.db.update(submissions).set({ status, submittedAt: new Date() }).where(eq(submissions.id, draft.id));
    const logBefore = (await t.database.db.select({ n: count() }).from(moderationLog))[0]!.n;

    const client = moderatorActions.has(action) ? moderator.client : maker.client;
    const url = moderatorActions.has(action)
      ? `/api/moderation/submissions/${draft.id}/${action}`
      : `/api/submissions/${draft.id}/${action}`;
    const response = await client.post(url, moderatorActions.has(action) ? { note: 'A reason' } : {});

    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, draft.id));
    const logAfter = (await t.database.db.select({ n: count() }).from(moderationLog))[0]!.n;
    const legal = submissionTransitions[action];
    if (legal.from.includes(status)) {
      expect(response.statusCode, response.body).toBe(200);
      expect(row!.status).toBe(legal.to);
      expect(logAfter).toBe(moderatorActions.has(action) ? logBefore + 1 : logBefore);
    } else {
      expect(response.statusCode, response.body).toBe(412);
      expect(response.json().error.code).toBe('failed-precondition');
      expect(row!.status).toBe(status as SubmissionStatus);
      expect(logAfter).toBe(logBefore);
    }
  });

  it('lets the maker edit only drafts and submissions sent back', async () => {
    const draft = await draftOf(maker.client, completePayload());
    for (const status of submissionStatuses) {
      await t.database.db.update(submissions).set({ status }).where(eq(submissions.id, draft.id));
      const response = await put(maker.client, `/api/submissions/${draft.id}`, { payload: { title: `Edited while ${status}` } });
      expect(response.statusCode, status).toBe(['draft', 'changes-requested', 'rejected'].includes(status) ? 200 : 412);
    }
  });
});
