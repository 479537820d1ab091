// Decision 0074: a new game's submission carries a web build, kept with an unlisted game row that
// the submission's first approval lists.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadBuild } from '../../../test-support/build-fixtures';
import { listGame } from '../../../test-support/moderation-fixtures';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { completePayload, member } from '../../../test-support/submission-fixtures';
import { makeZip, sampleBuildEntries } from '../../../test-support/zip-writer';
import { games, submissions } from '../../db/schema';

let t: TestApp;
let dataDir: string;
let moderator: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-build-game-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  moderator = await member(t, 'moderator', 'Mira Moderator');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const platformsOf = async (gameId: number) =>
  (await t.database.db.select({ platforms: games.platforms }).from(games).where(eq(games.id, gameId)))[0]!.platforms;
const buildGame = (client: HttpClient, submissionId: number) => client.post(`/api/submissions/${submissionId}/build-game`);

async function draftOf(maker: Awaited<ReturnType<typeof member>>, title: string): Promise<number> {
  const created = await maker.client.post('/api/submissions', { payload: completePayload({ title }) });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().submission.id as number;
}

describe('POST /api/submissions/:id/build-game', () => {
  it("gives a new game's draft one unlisted game for its build, the same every time, named in the submission", async () => {
    const maker = await member(t, 'user', 'Nia Maker');
    const id = await draftOf(maker, 'Orbit Whisper');
    const first = await buildGame(maker.client, id);
    expect(first.statusCode, first.body).toBe(200);
    const { gameId } = first.json() as { gameId: number };
    const again = await Promise.all([buildGame(maker.client, id), buildGame(maker.client, id)]);
    expect(again.map((answer) => answer.json().gameId)).toEqual([gameId, gameId]);
    const [game] = await t.database.db.select().from(games).where(eq(games.id, gameId));
    expect(game).toMatchObject({ status: 'draft', ownerId: maker.id, title: 'Orbit Whisper' });
    expect((await maker.client.get(`/api/submissions/${id}`)).json().submission).toMatchObject({ gameId: null, buildGameId: gameId });
    // Unlisted: nobody sees it as a game.
    expect((await t.app.inject({ url: `/api/games/${gameId}` })).statusCode).toBe(404);
  });

  it("is the maker's alone, signed in, and only while the submission can be changed", async () => {
    const maker = await member(t, 'user', 'Ode Maker');
    const id = await draftOf(maker, 'Quiet Engine');
    expect((await buildGame(new HttpClient(t.app), id)).statusCode).toBe(401);
    const other = await member(t);
    expect((await buildGame(other.client, id)).statusCode).toBe(404);
    expect((await maker.client.post(`/api/submissions/${id}/submit`)).statusCode).toBe(200);
    const late = await buildGame(maker.client, id);
    expect(late.statusCode).toBe(412);
    expect(late.json().error.message).toBe(
      'This submission is “Waiting for review”: a build can be added while it is a draft or being changed.',
    );
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, id));
    expect(row!.buildGameId).toBeNull();
  });

  it('answers the listed game for an edit of it', async () => {
    const maker = await member(t, 'user', 'Pax Maker');
    const gameId = await listGame(moderator, maker);
    const edit = await maker.client.post('/api/submissions', { gameId });
    expect((await buildGame(maker.client, edit.json().submission.id)).json()).toEqual({ gameId });
  });
});

describe("a new game's build, through review", () => {
  it('is approved as any build, and the approval of the submission lists that same game, playing it in the browser', async () => {
    const maker = await member(t, 'user', 'Rue Maker');
    const id = await draftOf(maker, 'Lantern Tide');
    const { gameId } = (await buildGame(maker.client, id)).json() as { gameId: number };
    const uploaded = await uploadBuild(maker.client, gameId, makeZip(sampleBuildEntries()), {}, { aspectRatio: '1:1' });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await moderator.client.post(`/api/moderation/games/${gameId}/builds/1/approve`, {})).statusCode).toBe(200);
    // Approved, but its game is not listed yet: nothing plays at its lasting address.
    expect((await t.app.inject({ url: `/api/games/${gameId}/build` })).statusCode).toBe(404);

    expect((await maker.client.post(`/api/submissions/${id}/submit`)).statusCode).toBe(200);
    const approved = await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().gameId).toBe(gameId);
    const page = (await t.app.inject({ url: `/api/games/${gameId}` })).json();
    expect(page).toMatchObject({ title: 'Lantern Tide', slug: 'lantern-tide', hostedBuild: { version: 1, aspectRatio: '1:1' } });
    expect(await platformsOf(gameId)).toContain('web');
    expect((await maker.client.get(`/api/submissions/${id}`)).json().submission).toMatchObject({ gameId, buildGameId: gameId });
  });

  it('keeps a listed game playing in the browser when an approved edit rewrites its platforms', async () => {
    const maker = await member(t, 'user', 'Sol Maker');
    const gameId = await listGame(moderator, maker);
    expect((await uploadBuild(maker.client, gameId, makeZip(sampleBuildEntries()))).statusCode).toBe(201);
    expect((await moderator.client.post(`/api/moderation/games/${gameId}/builds/1/approve`, {})).statusCode).toBe(200);
    const edit = (await maker.client.post('/api/submissions', { gameId })).json().submission as { id: number };
    const payload = completePayload({ title: 'Lantern Case, again', platforms: ['windows'] });
    expect((await maker.client.post(`/api/submissions/${edit.id}/submit`, { payload })).statusCode).toBe(200);
    expect((await moderator.client.post(`/api/moderation/submissions/${edit.id}/approve`, {})).statusCode).toBe(200);
    expect(await platformsOf(gameId)).toEqual(['windows', 'web']);
  });
});
