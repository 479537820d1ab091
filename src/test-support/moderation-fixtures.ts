import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { games, users } from '../server/db/schema';
import { createTestApp, type TestApp } from './server/app';
import { completePayload, member, pendingSubmission } from './submission-fixtures';

export type Member = Awaited<ReturnType<typeof member>>;

const DAY_MS = 86_400_000;

/**
 * The setup every moderation test file shares: its own app and database, and a moderator.
 * Read the fields inside tests (they are set before the first one runs).
 */
export function moderationSuite(env?: NodeJS.ProcessEnv) {
  const suite = {} as { t: TestApp; moderator: Member };
  beforeAll(async () => {
    suite.t = await createTestApp({ env });
    suite.moderator = await member(suite.t, 'moderator', 'Mira Moderator');
  });
  afterAll(() => suite.t.close());
  return suite;
}

/** A maker's game, submitted and approved by the moderator: listed. */
export async function listGame(moderator: Member, maker: Member, title = `Lantern Case ${Date.now()}`): Promise<number> {
  const id = await pendingSubmission(maker.client, completePayload({ title }));
  const approved = await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json().gameId as number;
}

/** A new member's one-star review of the game. */
export async function reviewedBy(t: TestApp, gameId: number, body = 'Buy cheap coins at spam.example!') {
  const author = await member(t, 'user', 'Rex Reviewer');
  const created = await author.client.post(`/api/games/${gameId}/reviews`, { stars: 1, body });
  expect(created.statusCode, created.body).toBe(201);
  return { author, reviewId: created.json().id as number };
}

export const bell = async (who: Member) =>
  (await who.client.get('/api/me/notifications')).json().items as { kind: string; title: string; body: string; link: string }[];

export async function histogram(t: TestApp, gameId: number): Promise<number[]> {
  const [row] = await t.database.db.select().from(games).where(eq(games.id, gameId));
  return [row!.ratings1, row!.ratings2, row!.ratings3, row!.ratings4, row!.ratings5];
}

/** Makes an account look as if it signed up `days` ago (the automatic hold counts only accounts a day old). */
export async function signedUpDaysAgo(t: TestApp, who: Member, days: number): Promise<void> {
  await t.database.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(users.id, who.id));
}
