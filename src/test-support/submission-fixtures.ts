import { eq } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { uploads, users } from '../server/db/schema';
import type { SubmissionPayload } from '../shared/submissions';
import { uploadIdFromPath } from '../shared/uploads';
import type { TestApp } from './server/app';
import type { HttpClient } from './server/http-client';
import { signUpMember } from './server/members';

let games = 0;

export const uploadedPath = (n: number) => `/uploads/test-image-${String(n).padStart(4, '0')}-1280.webp`;

/** A payload that passes every rule; each test changes one field. */
export function completePayload(overrides: Partial<SubmissionPayload> = {}): SubmissionPayload {
  const n = ++games;
  return {
    title: `Quillmind Saga ${n} ${Date.now()}`,
    tagline: 'A detective story whose witnesses remember what you said.',
    description: 'Question **witnesses** who answer in their own words.\n\nEvery case is new.',
    categories: ['puzzle', 'adventure'],
    price: 'paid',
    priceAmount: 4.99,
    releaseDate: '2026-03-14',
    developer: 'Lantern Owl Studio',
    playUrl: 'https://play.example.com/quillmind',
    homepageUrl: 'https://lanternowl.example.com',
    platforms: ['web', 'windows'],
    ai: {
      roles: ['npc-dialogue', 'story'],
      runsOn: 'cloud',
      worksOffline: false,
      needsOwnApiKey: false,
      modelFamily: 'Open-weights LLM',
      outputModerated: true,
      disclosure: {
        generation: 'live',
        liveSafety: 'Every line passes a word filter and a moderation model before players see it.',
        provider: 'openai',
        providerName: '',
        model: 'gpt-4o-mini',
        inputGoesTo: 'third-party',
        inputProviderName: 'OpenAI',
        inputKept: 'days',
        inputKeptDays: 30,
        cost: 'free',
        downloadMb: null,
        memoryMb: null,
        webGpu: 'not-stated',
        licence: 'proprietary',
        licenceName: '',
      },
    },
    cover: { path: uploadedPath(1), alt: 'A lamplit study full of case files' },
    screenshots: [
      { path: uploadedPath(2), alt: 'Questioning the baker' },
      { path: uploadedPath(3), alt: 'The case board' },
    ],
    ...overrides,
  };
}

export async function setRole(db: Db, email: string, role: 'user' | 'moderator' | 'admin'): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.email, email));
}

/** Rows for the images the fixtures refer to (submissions may show only stored uploads). */
async function storeFixtureUploads(db: Db): Promise<void> {
  const rows = Array.from({ length: 20 }, (_, i) => ({ id: uploadIdFromPath(uploadedPath(i + 1))!, width: 1600, height: 900 }));
  await db.insert(uploads).values(rows).onConflictDoNothing();
}

export async function member(t: TestApp, role: 'user' | 'moderator' | 'admin' = 'user', name = 'Member') {
  await storeFixtureUploads(t.database.db);
  const { client, email } = await signUpMember(t.app, { name });
  if (role !== 'user') await setRole(t.database.db, email, role);
  const me = (await client.get('/api/me')).json() as { user: { id: string } };
  return { client, email, id: me.user.id };
}

export const put = (client: HttpClient, url: string, payload: object) => client.request({ method: 'PUT', url, payload });

/** A new submission of the client's, already waiting for review. */
export async function pendingSubmission(client: HttpClient, payload = completePayload()): Promise<number> {
  const created = await client.post('/api/submissions', { payload });
  if (created.statusCode !== 201) throw new Error(`Create failed: ${created.body}`);
  const id = (created.json() as { submission: { id: number } }).submission.id;
  const submitted = await client.post(`/api/submissions/${id}/submit`);
  if (submitted.statusCode !== 200) throw new Error(`Submit failed: ${submitted.body}`);
  return id;
}
