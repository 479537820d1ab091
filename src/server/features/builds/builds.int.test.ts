import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameBuildListSchema, gameBuildSchema } from '../../../shared/build-schemas';
import { gameDetailSchema } from '../../../shared/games';
import { makerWithGame, setBuildStatus, uploadBuild } from '../../../test-support/build-fixtures';
import { startS3StandIn, type S3StandIn } from '../../../test-support/s3-stand-in';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { signUpMember } from '../../../test-support/server/members';
import { multipartBody } from '../../../test-support/test-images';
import { within } from '../../../test-support/within';
import { makeZip, sampleBuildEntries } from '../../../test-support/zip-writer';
import { buildStorageKinds } from '../../config';
import { gameBuilds } from '../../db/schema';
import { createBuildStorage } from '../../storage/create-build-storage';
import { OLD_VERSIONS_JOB, removeOldVersions } from './old-versions';

describe.each(buildStorageKinds)('with BUILD_STORAGE=%s', (kind) => {
  let s3: S3StandIn | undefined;
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-builds-'));
    // Small limits, so that refusals by size are cheap to reach: a 1 MB build, 2 MB per maker.
    s3 = kind === 's3' ? await startS3StandIn() : undefined;
    t = await createTestApp({ env: { DATA_DIR: dataDir, BUILD_MAX_MB: '1', BUILD_QUOTA_MB: '2', ...s3?.env } });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const buildsRoot = () => path.join(dataDir, 'builds');
  const bytesKept = async (userId: string) => {
    const [row] = await t.database.db
      .select({ used: sum(gameBuilds.sizeBytes).mapWith(Number) })
      .from(gameBuilds)
      .where(eq(gameBuilds.uploadedBy, userId));
    return row?.used ?? 0;
  };
  const rowsOf = (gameId: number) => t.database.db.select().from(gameBuilds).where(eq(gameBuilds.gameId, gameId));
  const incomingLeft = async () => readdir(path.join(buildsRoot(), '.incoming')).catch(() => []);
  /** What the storage holds of a game: `<version>/<path>`, sorted. */
  const storedOf = async (gameId: number): Promise<string[]> => {
    if (s3) return (await s3.keys(`${gameId}/`)).map((key) => key.slice(`${gameId}/`.length));
    const names = await readdir(path.join(buildsRoot(), String(gameId)), { recursive: true, withFileTypes: true }).catch(() => []);
    return names
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path
          .relative(path.join(buildsRoot(), String(gameId)), path.join(entry.parentPath, entry.name))
          .split(path.sep)
          .join('/'),
      )
      .sort();
  };
  const storedText = async (gameId: number, version: number, name: string) => {
    const file = await createBuildStorage(t.config).file(gameId, version, name);
    if (!file) return null;
    return (await text(await file.open())).toString();
  };
  const sampleZip = () => makeZip(sampleBuildEntries());
  /** Random bytes do not compress: a zip that weighs what its files do. */
  const heavyZip = (bytes: number) => makeZip([...sampleBuildEntries(), { name: 'level.data', data: randomBytes(bytes) }]);

  describe('POST /api/games/:id/builds', () => {
    it("keeps the maker's build as the next version, pending review, its files on disk", async () => {
      const { client, gameId } = await makerWithGame(t);
      const first = await uploadBuild(client, gameId, sampleZip());
      expect(first.statusCode, first.body).toBe(201);
      const build = gameBuildSchema.parse(first.json());
      expect(build).toMatchObject({ version: 1, status: 'pending', fileCount: 2, entryPath: 'index.html' });
      expect(build.playUrl).toMatch(
        new RegExp(`^http://g${gameId}\\.games\\.localhost:3001/${gameId}/p1\\.\\d+\\.[A-Za-z0-9_-]{43}/index\\.html$`),
      );
      expect(await storedText(gameId, 1, 'index.html')).toContain('<title>Test build</title>');
      expect(await storedOf(gameId)).toEqual(['1/game.js', '1/index.html']);
      const second = await uploadBuild(client, gameId, makeZip(sampleBuildEntries('folder/')));
      expect(second.json()).toMatchObject({ version: 2, status: 'pending' });
      expect((await rowsOf(gameId)).map((row) => row.version).sort()).toEqual([1, 2]);
      expect(await incomingLeft()).toEqual([]);
      const list = gameBuildListSchema.parse((await client.get(`/api/games/${gameId}/builds`)).json());
      expect(list.builds.map((b) => b.version)).toEqual([2, 1]);
    });

    it("keeps the shape of the game's screen and whether it needs cross-origin isolation, sent before the zip", async () => {
      const { client, gameId } = await makerWithGame(t);
      const sent = await uploadBuild(client, gameId, sampleZip(), {}, { aspectRatio: '9:16', crossOriginIsolated: 'true' });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json()).toMatchObject({ version: 1, aspectRatio: '9:16', crossOriginIsolated: true });
      const plain = await uploadBuild(client, gameId, sampleZip());
      expect(plain.json()).toMatchObject({ version: 2, aspectRatio: '16:9', crossOriginIsolated: false });
      const [first] = await rowsOf(gameId).then((rows) => rows.filter((row) => row.version === 1));
      expect(first).toMatchObject({ aspectRatio: '9:16', crossOriginIsolated: true });
    });

    it.each([
      [{ aspectRatio: '5:4' }, "Choose a shape for the game's screen: 16:9, 4:3, 3:2, 1:1, 3:4, 9:16."],
      [{ crossOriginIsolated: 'maybe' }, 'Say whether the game needs cross-origin isolation with true or false.'],
      [{ colour: 'red' }, 'Send only aspectRatio and crossOriginIsolated before the zip, not colour.'],
    ])('refuses the options %o with why, and keeps nothing', async (fields, message) => {
      const { client, gameId } = await makerWithGame(t);
      const refused = await uploadBuild(client, gameId, sampleZip(), {}, fields);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(message);
      expect(await rowsOf(gameId)).toEqual([]);
      expect(await storedOf(gameId)).toEqual([]);
    });

    it('refuses a build with the reason and stores nothing of it', async () => {
      const { client, gameId } = await makerWithGame(t);
      const response = await uploadBuild(client, gameId, makeZip([...sampleBuildEntries(), { name: '../../evil.js', data: 'x' }]));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'invalid-argument',
        message: '"../../evil.js" leaves the build (..): every file must be inside it.',
      });
      expect(await rowsOf(gameId)).toEqual([]);
      expect(await storedOf(gameId)).toEqual([]);
      expect(await incomingLeft()).toEqual([]);
    });

    it('refuses what is not a zip, and a build that unpacks past the limit, with 413', async () => {
      const { client, gameId } = await makerWithGame(t);
      expect((await uploadBuild(client, gameId, Buffer.from('just text'))).json().error.message).toMatch(/not a zip file/);
      const bomb = makeZip([...sampleBuildEntries(), { name: 'zeros.data', data: Buffer.alloc(2 * 1024 * 1024), deflate: true }]);
      const response = await uploadBuild(client, gameId, bomb);
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toMatch(/unpacks to more than 1 MB/);
    });

    it('refuses an upload whose stated length is over the limit before reading it', async () => {
      const { client, gameId } = await makerWithGame(t);
      const { contentType } = multipartBody(Buffer.alloc(0));
      const response = await client.request({
        method: 'POST',
        url: `/api/games/${gameId}/builds`,
        headers: { 'content-type': contentType, 'content-length': String(2 * 1024 * 1024 * 1024) },
        payload: Readable.from([Buffer.alloc(10)]),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toBe('That build is larger than 2 MB, the most a build upload may be.');
    });

    it('stops reading a body sent without a length once it passes the limit', async () => {
      const { client, gameId } = await makerWithGame(t);
      const { payload, contentType } = multipartBody(heavyZip(3 * 1024 * 1024), { field: 'build', name: 'b.zip', type: 'application/zip' });
      const chunks = Array.from({ length: Math.ceil(payload.length / 65536) }, (_, i) => payload.subarray(i * 65536, (i + 1) * 65536));
      const response = await client.request({
        method: 'POST',
        url: `/api/games/${gameId}/builds`,
        headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' },
        payload: Readable.from(chunks),
      });
      expect(response.statusCode).toBe(413);
      expect(await rowsOf(gameId)).toEqual([]);
      expect(await incomingLeft()).toEqual([]);
    });

    it("refuses a build past the maker's quota, counting every game of theirs", async () => {
      const { client, gameId } = await makerWithGame(t);
      for (let i = 0; i < 2; i++) expect((await uploadBuild(client, gameId, heavyZip(900 * 1024))).statusCode).toBe(201);
      const response = await uploadBuild(client, gameId, heavyZip(900 * 1024));
      expect(response.statusCode).toBe(429);
      expect(response.json().error).toEqual({
        code: 'resource-exhausted',
        message: 'Your builds would take more than the 2 MB a maker may keep. Make this build smaller.',
      });
      expect(await rowsOf(gameId)).toHaveLength(2);
    });

    it('is for the maker alone, signed in, from the site', async () => {
      const { gameId } = await makerWithGame(t);
      const { client: other } = await signUpMember(t.app, { name: 'Not the maker' });
      const refused = await uploadBuild(other, gameId, sampleZip());
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('Only the maker of this game can upload its builds.');
      expect((await other.get(`/api/games/${gameId}/builds`)).statusCode).toBe(403);
      const { payload, contentType } = multipartBody(sampleZip(), { field: 'build' });
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/games/${gameId}/builds`,
        payload,
        headers: { 'content-type': contentType, origin: t.config.baseUrl },
      });
      expect(anonymous.statusCode).toBe(401);
      const { client: maker, gameId: own } = await makerWithGame(t);
      const crossSite = await uploadBuild(maker, own, sampleZip(), { origin: 'https://evil.example' });
      expect(crossSite.statusCode).toBe(403);
      expect((await uploadBuild(maker, 999_999, sampleZip())).statusCode).toBe(404);
      expect(await rowsOf(own)).toEqual([]);
    });
  });

  it.runIf(kind === 's3')('leaves no row and no file when the store fails midway through a build', async () => {
    const { client, gameId } = await makerWithGame(t);
    const entries = [
      ...sampleBuildEntries(),
      ...Array.from({ length: 12 }, (_, i) => ({ name: `levels/level${i}.json`, data: `{"level":${i}}` })),
      { name: 'poison.js', data: 'x' },
    ];
    s3!.failPuts(/\/poison\.js$/);
    try {
      const response = await uploadBuild(client, gameId, makeZip(entries));
      expect(response.statusCode).toBe(500);
    } finally {
      s3!.failPuts(null);
    }
    expect(await rowsOf(gameId)).toEqual([]);
    expect(await storedOf(gameId)).toEqual([]);
    expect(await incomingLeft()).toEqual([]);
    // The version was never taken: the next upload is 1, with its own files alone.
    expect((await uploadBuild(client, gameId, sampleZip())).json()).toMatchObject({ version: 1 });
    expect(await storedOf(gameId)).toEqual(['1/game.js', '1/index.html']);
  });

  describe('removing old versions', () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

    it('removes old rejected and superseded versions from the storage and the list; keeps the one that plays, the newest pending and the last approved', async () => {
      const { client, gameId, userId } = await makerWithGame(t);
      const statuses = ['rejected', 'approved', 'approved', 'approved', 'approved', 'pending', 'pending', 'rejected'] as const;
      for (const [i, status] of statuses.entries()) {
        expect((await uploadBuild(client, gameId, sampleZip())).statusCode).toBe(201);
        await setBuildStatus(t, gameId, i + 1, status);
      }
      // A recent rejected version stays for now; every other is past the grace period.
      await t.database.db
        .update(gameBuilds)
        .set({ createdAt: daysAgo(8) })
        .where(eq(gameBuilds.gameId, gameId));
      await t.database.db
        .update(gameBuilds)
        .set({ createdAt: daysAgo(1) })
        .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.version, 8)));
      expect((await uploadBuild(client, gameId, sampleZip())).statusCode).toBe(201);
      await setBuildStatus(t, gameId, 9, 'rejected');
      await t.database.db
        .update(gameBuilds)
        .set({ createdAt: daysAgo(8) })
        .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.version, 9)));
      const before = await bytesKept(userId);

      expect(await removeOldVersions(t.database.db, createBuildStorage(t.config))).toBe(3);
      // 1 rejected, 2 approved beyond the last three, 6 pending under a newer pending one; 9 is the newest of all.
      expect((await rowsOf(gameId)).map((row) => row.version).sort((a, b) => a - b)).toEqual([3, 4, 5, 7, 8, 9]);
      const versionsStored = new Set((await storedOf(gameId)).map((name) => Number(name.split('/')[0])));
      expect([...versionsStored].sort((a, b) => a - b)).toEqual([3, 4, 5, 7, 8, 9]);
      expect(await bytesKept(userId)).toBe((before / 9) * 6);
      const listed = await t.app.inject({ url: `/api/games/${gameId}/build` });
      expect(listed.json()).toMatchObject({ version: 5, status: 'approved' });
      // Nothing more to do until time passes.
      expect(await removeOldVersions(t.database.db, createBuildStorage(t.config))).toBe(0);
    });

    it('runs as a periodic job (one instance at a time), from the start', async () => {
      expect(await within(5_000, async () => t.app.periodicJobs.runs.recent(OLD_VERSIONS_JOB).some((run) => run.outcome === 'ok'))).toBe(
        true,
      );
    });
  });

  describe('GET /api/games/:id/build', () => {
    it('answers the newest approved build with its lasting address, and 404 while none is approved', async () => {
      const { client, gameId } = await makerWithGame(t);
      await uploadBuild(client, gameId, sampleZip());
      await uploadBuild(client, gameId, sampleZip());
      expect((await t.app.inject({ url: `/api/games/${gameId}/build` })).statusCode).toBe(404);
      await setBuildStatus(t, gameId, 1, 'approved');
      const listed = gameBuildSchema.parse((await t.app.inject({ url: `/api/games/${gameId}/build` })).json());
      expect(listed).toMatchObject({
        version: 1,
        status: 'approved',
        playUrl: `http://g${gameId}.games.localhost:3001/${gameId}/1/index.html`,
      });
    });
  });

  describe("the game page's hosted build", () => {
    const pageOf = async (gameId: number) => {
      const response = await t.app.inject({ url: `/api/games/${gameId}` });
      expect(response.statusCode, response.body).toBe(200);
      // The fixture's game answers no AI questions: only the field under test is read.
      return gameDetailSchema.pick({ hostedBuild: true }).parse(response.json());
    };

    it('is null until a version is approved, then the approved one that plays, followed at once as builds change', async () => {
      const { client, gameId } = await makerWithGame(t);
      await uploadBuild(client, gameId, sampleZip());
      expect((await pageOf(gameId)).hostedBuild).toBeNull();
      await setBuildStatus(t, gameId, 1, 'approved');
      expect((await pageOf(gameId)).hostedBuild).toEqual({
        version: 1,
        playUrl: `http://g${gameId}.games.localhost:3001/${gameId}/1/index.html`,
        aspectRatio: '16:9',
        crossOriginIsolated: false,
      });
      await uploadBuild(client, gameId, makeZip(sampleBuildEntries('folder/')));
      expect((await pageOf(gameId)).hostedBuild?.version).toBe(1);
      await setBuildStatus(t, gameId, 2, 'approved');
      expect((await pageOf(gameId)).hostedBuild).toMatchObject({
        version: 2,
        playUrl: `http://g${gameId}.games.localhost:3001/${gameId}/2/index.html`,
      });
    });

    it('is null for a game that plays elsewhere', async () => {
      expect((await pageOf(1)).hostedBuild).toBeNull();
    });
  });
});
