import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameBuildSchema, pendingBuildPageSchema } from '../../../shared/build-schemas';
import { makerWithGame, setBuildStatus, uploadBuild } from '../../../test-support/build-fixtures';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { readOutbox } from '../../../test-support/server/outbox';
import { member } from '../../../test-support/submission-fixtures';
import { makeZip, sampleBuildEntries } from '../../../test-support/zip-writer';
import { gameBuilds, liveEvents, moderationLog } from '../../db/schema';

let t: TestApp;
let dataDir: string;
let moderator: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-build-review-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  moderator = await member(t, 'moderator', 'Mira Moderator');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const zip = () => makeZip(sampleBuildEntries());
const approve = (client: HttpClient, gameId: number, version: number, note?: string) =>
  client.post(`/api/moderation/games/${gameId}/builds/${version}/approve`, note === undefined ? {} : { note });
const reject = (client: HttpClient, gameId: number, version: number, body: object) =>
  client.post(`/api/moderation/games/${gameId}/builds/${version}/reject`, body);
const playing = async (gameId: number) => {
  const response = await t.app.inject({ url: `/api/games/${gameId}/build` });
  return response.statusCode === 200 ? gameBuildSchema.parse(response.json()).version : response.statusCode;
};
const statusOf = async (gameId: number, version: number) =>
  (
    await t.database.db
      .select()
      .from(gameBuilds)
      .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.version, version)))
  )[0];
const logFor = async (gameId: number) => t.database.db.select().from(moderationLog).where(eq(moderationLog.gameId, gameId));

/** A maker's game with `versions` uploaded builds, all pending. */
async function gameWithBuilds(versions: number) {
  const maker = await makerWithGame(t);
  for (let i = 0; i < versions; i++) expect((await uploadBuild(maker.client, maker.gameId, zip())).statusCode).toBe(201);
  return maker;
}

describe('the pending builds queue', () => {
  it('is for staff alone: 401 to visitors, 403 to members, on every review route', async () => {
    const { gameId, client: maker } = await gameWithBuilds(1);
    const someone = await member(t);
    const visitor = new HttpClient(t.app);
    const endpoints: [string, string, object?][] = [
      ['GET', '/api/moderation/builds'],
      ['POST', `/api/moderation/games/${gameId}/builds/1/approve`, {}],
      ['POST', `/api/moderation/games/${gameId}/builds/1/reject`, { note: 'no' }],
    ];
    for (const [method, url, payload] of endpoints) {
      expect((await visitor.request({ method: method as 'GET', url, payload })).statusCode, url).toBe(401);
      for (const client of [someone.client, maker]) {
        const response = await client.request({ method: method as 'GET', url, payload });
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error.code).toBe('permission-denied');
      }
    }
    expect((await statusOf(gameId, 1))?.status).toBe('pending');
  });

  it('lists pending versions oldest first with their game, maker, size, file count and a signed preview', async () => {
    const first = await gameWithBuilds(2);
    const second = await gameWithBuilds(1);
    const response = await moderator.client.get('/api/moderation/builds?pageSize=100');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = pendingBuildPageSchema.parse(response.json());
    const ours = page.items.filter((item) => [first.gameId, second.gameId].includes(item.game.id));
    expect(ours.map((item) => [item.game.id, item.version])).toEqual([
      [first.gameId, 1],
      [first.gameId, 2],
      [second.gameId, 1],
    ]);
    expect(ours[0]).toMatchObject({
      status: 'pending',
      fileCount: 2,
      maker: { id: first.userId, name: 'Maker' },
      game: { title: expect.stringMatching(/^Hosted/) },
    });
    expect(ours[0]!.sizeBytes).toBeGreaterThan(0);
    expect(ours[0]!.playUrl).toMatch(new RegExp(`/${first.gameId}/p1\\.\\d+\\.[A-Za-z0-9_-]{43}/index\\.html$`));
    expect(pendingBuildPageSchema.parse((await moderator.client.get('/api/moderation/builds?pageSize=1')).json()).items).toHaveLength(1);
    expect((await moderator.client.get('/api/moderation/builds?pageSize=1000')).statusCode).toBe(400);
  });
});

describe('approving and rejecting a build', () => {
  it('approves: the version plays, the log has it, the maker is told on the bell, and live events go out', async () => {
    const { gameId, client: maker } = await gameWithBuilds(1);
    expect(await playing(gameId)).toBe(404);
    const response = await approve(moderator.client, gameId, 1, 'Runs well');
    expect(response.statusCode, response.body).toBe(200);
    expect(gameBuildSchema.parse(response.json())).toMatchObject({
      version: 1,
      status: 'approved',
      playing: true,
      reviewNote: 'Runs well',
    });
    expect(await playing(gameId)).toBe(1);
    expect(await logFor(gameId)).toMatchObject([{ actorId: moderator.id, action: 'build-approve', reason: 'version 1: Runs well' }]);
    const told = (await maker.get('/api/me/notifications')).json().items[0];
    expect(told).toMatchObject({ kind: 'build-approved', link: '/my-games' });
    expect(told.body).toContain('Runs well');
    const topics = (await t.database.db.select({ topic: liveEvents.topic }).from(liveEvents)).map((e) => e.topic);
    expect(topics).toContain(`game:${gameId}`);
    expect((await approve(moderator.client, gameId, 1)).statusCode).toBe(412);
    expect((await approve(moderator.client, gameId, 9)).statusCode).toBe(404);
  });

  it('rejects only with a note: 400 without one and nothing written; then the maker reads the note', async () => {
    const { gameId, client: maker } = await gameWithBuilds(1);
    for (const body of [{}, { note: '' }, { note: '   ' }]) {
      const refused = await reject(moderator.client, gameId, 1, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('invalid-argument');
    }
    expect(await statusOf(gameId, 1)).toMatchObject({ status: 'pending', reviewNote: '', reviewedBy: null });
    expect(await logFor(gameId)).toEqual([]);
    const response = await reject(moderator.client, gameId, 1, { note: 'The start screen is blank' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'rejected', playing: false, reviewNote: 'The start screen is blank' });
    expect(await logFor(gameId)).toMatchObject([{ action: 'build-reject', reason: 'version 1: The start screen is blank' }]);
    const told = (await maker.get('/api/me/notifications')).json().items[0];
    expect(told).toMatchObject({ kind: 'build-rejected' });
    expect(told.body).toContain('The start screen is blank');
    const listed = (await maker.get(`/api/games/${gameId}/builds`)).json().builds;
    expect(listed[0]).toMatchObject({ version: 1, status: 'rejected', reviewNote: 'The start screen is blank' });
    expect(await playing(gameId)).toBe(404);
  });

  it('e-mails the maker who chose e-mail for moderation notices, and only them', async () => {
    const quiet = await gameWithBuilds(1);
    await approve(moderator.client, quiet.gameId, 1);
    expect(await readOutbox(t.app, quiet.email)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining('Version 1') }),
    );
    const keen = await gameWithBuilds(1);
    const preferences = {
      following: { bell: true, email: false },
      reviews: { bell: true, email: false },
      moderation: { bell: true, email: true },
    };
    expect((await keen.client.request({ method: 'PUT', url: '/api/me/notification-preferences', payload: preferences })).statusCode).toBe(
      200,
    );
    await reject(moderator.client, keen.gameId, 1, { note: 'Crashes on load' });
    const [mail] = await readOutbox(t.app, keen.email);
    expect(mail?.subject).toContain('Version 1 of');
    expect(mail?.text).toContain('Crashes on load');
  });

  it('never on their own game, for moderators and admins alike (403, nothing written)', async () => {
    const ownModerator = await member(t, 'moderator', 'Self Mod');
    const admin = await member(t, 'admin', 'Ada Admin');
    for (const staffer of [ownModerator, admin]) {
      const { gameId } = await gameWithBuilds(1);
      await t.database.db.execute(`update games set owner_id = '${staffer.id}' where id = ${gameId}`);
      const refused = await approve(staffer.client, gameId, 1);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe("You can't review a build of your own game: another moderator will.");
      expect((await reject(staffer.client, gameId, 1, { note: 'mine' })).statusCode).toBe(403);
      expect(await statusOf(gameId, 1)).toMatchObject({ status: 'pending' });
      expect(await logFor(gameId)).toEqual([]);
    }
    const { gameId } = await gameWithBuilds(1);
    expect((await approve(admin.client, gameId, 1)).statusCode).toBe(200);
  });
});

describe('which version plays', () => {
  it('keeps the listed build while a newer one is pending, and plays the new one once approved', async () => {
    const { gameId, client: maker } = await gameWithBuilds(1);
    await approve(moderator.client, gameId, 1);
    await uploadBuild(maker, gameId, zip());
    expect(await playing(gameId)).toBe(1);
    await reject(moderator.client, gameId, 2, { note: 'Broken' });
    expect(await playing(gameId)).toBe(1);
    await uploadBuild(maker, gameId, zip());
    await approve(moderator.client, gameId, 3);
    expect(await playing(gameId)).toBe(3);
    const builds = (await maker.get(`/api/games/${gameId}/builds`)).json().builds as { version: number; playing: boolean }[];
    expect(builds.map((b) => [b.version, b.playing])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
  });

  it('lets the maker roll back to an approved version, and a new approval plays the new one', async () => {
    const { gameId, client: maker } = await gameWithBuilds(2);
    await approve(moderator.client, gameId, 1);
    await approve(moderator.client, gameId, 2);
    expect(await playing(gameId)).toBe(2);
    const rolled = await maker.post(`/api/games/${gameId}/builds/1/play`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(gameBuildSchema.parse(rolled.json())).toMatchObject({ version: 1, playing: true });
    expect(await playing(gameId)).toBe(1);
    expect((await maker.post(`/api/games/${gameId}/builds/2/play`)).statusCode).toBe(200);
    expect(await playing(gameId)).toBe(2);
    await maker.post(`/api/games/${gameId}/builds/1/play`);
    await uploadBuild(maker, gameId, zip());
    expect(await playing(gameId)).toBe(1);
    await approve(moderator.client, gameId, 3);
    expect(await playing(gameId)).toBe(3);
    const chosen = await t.database.db
      .select({ n: count() })
      .from(gameBuilds)
      .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.playing, true)));
    expect(chosen[0]!.n).toBe(1);
  });

  it('rolls back only to approved versions, and only by the maker', async () => {
    const { gameId, client: maker } = await gameWithBuilds(3);
    await approve(moderator.client, gameId, 1);
    await reject(moderator.client, gameId, 2, { note: 'No' });
    for (const version of [2, 3]) {
      const refused = await maker.post(`/api/games/${gameId}/builds/${version}/play`);
      expect(refused.statusCode).toBe(412);
      expect(refused.json().error.message).toMatch(/only an approved version can play/);
    }
    expect((await maker.post(`/api/games/${gameId}/builds/9/play`)).statusCode).toBe(404);
    const someone = await member(t);
    const admin = await member(t, 'admin', 'Ada Admin');
    for (const client of [someone.client, moderator.client, admin.client]) {
      expect((await client.post(`/api/games/${gameId}/builds/1/play`)).statusCode).toBe(403);
    }
    expect((await new HttpClient(t.app).post(`/api/games/${gameId}/builds/1/play`)).statusCode).toBe(401);
    expect(await playing(gameId)).toBe(1);
  });

  it('plays the newest approved version of a game whose approvals chose none (seeded or older rows)', async () => {
    const { gameId } = await gameWithBuilds(2);
    await setBuildStatus(t, gameId, 1, 'approved');
    await setBuildStatus(t, gameId, 2, 'approved');
    expect(await playing(gameId)).toBe(2);
  });
});
