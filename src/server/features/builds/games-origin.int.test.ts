import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makerWithGame, setBuildStatus, uploadBuild } from '../../../test-support/build-fixtures';
import { startS3StandIn, type S3StandIn } from '../../../test-support/s3-stand-in';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { makeZip, sampleBuildEntries } from '../../../test-support/zip-writer';
import { buildStorageKinds } from '../../config';
import { games as gamesTable } from '../../db/schema';
import { buildGamesServer, gameUrlsFor } from './index';

describe.each(buildStorageKinds)('with BUILD_STORAGE=%s', (kind) => {
  let s3: S3StandIn | undefined;
  let t: TestApp;
  let games: FastifyInstance;
  let dataDir: string;
  let gameId: number;
  let previewUrl: string;
  const wasm = Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-games-origin-'));
    s3 = kind === 's3' ? await startS3StandIn() : undefined;
    t = await createTestApp({ env: { DATA_DIR: dataDir, ...s3?.env } });
    games = await buildGamesServer({ config: t.config, database: t.database, urls: gameUrlsFor(t.config) });
    const maker = await makerWithGame(t);
    gameId = maker.gameId;
    const zip = makeZip([
      ...sampleBuildEntries(),
      { name: 'Build/game.wasm', data: wasm },
      { name: 'Build/game.wasm.br', data: 'brotli-bytes' },
      { name: 'Build/game.data.gz', data: 'gzip-bytes' },
    ]);
    expect((await uploadBuild(maker.client, gameId, zip)).statusCode).toBe(201);
    const second = await uploadBuild(maker.client, gameId, makeZip(sampleBuildEntries()));
    previewUrl = second.json().playUrl;
    await setBuildStatus(t, gameId, 1, 'approved');
  });
  afterAll(async () => {
    await games.close();
    await t.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const host = () => `g${gameId}.games.localhost:3001`;
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    games.inject({ method, url, headers: { host: host(), ...headers } });

  describe('the games origin', () => {
    it('serves an approved build with its types, a long immutable lifetime, no cookies and a frame policy naming only the site', async () => {
      const page = await get(`/${gameId}/1/index.html`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${t.config.baseUrl}`);
      expect(page.body).toContain('<title>Test build</title>');
      expect((await get(`/${gameId}/1/`)).body).toContain('<title>Test build</title>');
      expect((await get(`/${gameId}/1/game.js`)).headers['content-type']).toBe('text/javascript; charset=utf-8');
      const module = await get(`/${gameId}/1/Build/game.wasm`);
      expect(module.headers['content-type']).toBe('application/wasm');
      expect(module.rawPayload).toEqual(wasm);
    });

    it('serves precompressed files with their encoding and the inner file’s type', async () => {
      const br = await get(`/${gameId}/1/Build/game.wasm.br`);
      expect([br.headers['content-type'], br.headers['content-encoding']]).toEqual(['application/wasm', 'br']);
      const gz = await get(`/${gameId}/1/Build/game.data.gz`);
      expect([gz.headers['content-type'], gz.headers['content-encoding']]).toEqual(['application/octet-stream', 'gzip']);
    });

    it('answers conditional requests and byte ranges', async () => {
      const full = await get(`/${gameId}/1/Build/game.wasm`);
      const etag = full.headers.etag as string;
      expect(etag).toMatch(/^"v1-/);
      expect((await get(`/${gameId}/1/Build/game.wasm`, { 'if-none-match': etag })).statusCode).toBe(304);
      const part = await get(`/${gameId}/1/Build/game.wasm`, { range: 'bytes=2-4' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 2-4/8');
      expect(part.rawPayload).toEqual(wasm.subarray(2, 5));
      expect((await get(`/${gameId}/1/Build/game.wasm`, { range: 'bytes=-3' })).rawPayload).toEqual(wasm.subarray(5));
      const beyond = await get(`/${gameId}/1/Build/game.wasm`, { range: 'bytes=100-' });
      expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, 'bytes */8']);
      expect((await get(`/${gameId}/1/Build/game.wasm`, { range: 'bytes=2-4', 'if-range': '"other"' })).statusCode).toBe(200);
      const head = await get(`/${gameId}/1/Build/game.wasm`, {}, 'HEAD');
      expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, '8', '']);
    });

    it('serves a pending build only through its signed preview address, never cached', async () => {
      expect((await get(`/${gameId}/2/index.html`)).statusCode).toBe(404);
      const url = new URL(previewUrl);
      expect(url.host).toBe(host());
      const preview = await get(url.pathname);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['cache-control']).toBe('private, no-store');
      const tampered = url.pathname.replace(
        /\.([A-Za-z0-9_-])([A-Za-z0-9_-]{42})\//,
        (_m, first: string, rest: string) => `.${first === 'A' ? 'B' : 'A'}${rest}/`,
      );
      expect((await get(tampered)).statusCode).toBe(404);
      const expired = gameUrlsFor(t.config).preview(gameId, 2, Date.now() - 60 * 60 * 1000);
      expect((await get(new URL(expired).pathname)).statusCode).toBe(404);
    });

    it.each([
      '/GAME/1/../../etc/passwd',
      '/GAME/1/%2e%2e/%2e%2e/etc/passwd',
      '/GAME/1/..%2f..%2fauth-secret',
      '/GAME/1/%5c..%5cauth-secret',
      '/GAME/1//etc/passwd',
      '/GAME/1/Build',
      '/GAME/1/missing.js',
      '/GAME/9/index.html',
      '/GAME/x/index.html',
      '/',
    ])('answers 404 for %s', async (pattern) => {
      const response = await get(pattern.replace('GAME', String(gameId)));
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('No such file in a game build.');
    });

    it("serves a game only under its own host name, never another game's or the site's", async () => {
      expect((await get(`/${gameId}/1/index.html`, { host: `g${gameId + 1}.games.localhost:3001` })).statusCode).toBe(404);
      expect((await get(`/${gameId}/1/index.html`, { host: '127.0.0.1:3000' })).statusCode).toBe(404);
    });

    it('serves a build that asked for cross-origin isolation with COOP, COEP and CORP, and others without COEP', async () => {
      const maker = await makerWithGame(t);
      expect(
        (await uploadBuild(maker.client, maker.gameId, makeZip(sampleBuildEntries()), {}, { crossOriginIsolated: 'true' })).statusCode,
      ).toBe(201);
      await setBuildStatus(t, maker.gameId, 1, 'approved');
      const isolated = await games.inject({
        url: `/${maker.gameId}/1/game.js`,
        headers: { host: `g${maker.gameId}.games.localhost:3001` },
      });
      expect(isolated.statusCode).toBe(200);
      expect([
        isolated.headers['cross-origin-opener-policy'],
        isolated.headers['cross-origin-embedder-policy'],
        isolated.headers['cross-origin-resource-policy'],
      ]).toEqual(['same-origin', 'require-corp', 'same-origin']);
      expect((await get(`/${gameId}/1/index.html`)).headers['cross-origin-embedder-policy']).toBeUndefined();
    });

    it('plays a version at its lasting address the moment it is approved, though its preview was just read', async () => {
      const maker = await makerWithGame(t);
      const preview = (await uploadBuild(maker.client, maker.gameId, makeZip(sampleBuildEntries()))).json().playUrl as string;
      const headers = { host: `g${maker.gameId}.games.localhost:3001` };
      expect((await games.inject({ url: new URL(preview).pathname, headers })).statusCode).toBe(200);
      expect((await games.inject({ url: `/${maker.gameId}/1/index.html`, headers })).statusCode).toBe(404);
      await setBuildStatus(t, maker.gameId, 1, 'approved');
      expect((await games.inject({ url: `/${maker.gameId}/1/index.html`, headers })).statusCode).toBe(200);
    });

    it("stops playing a listed game's build at its lasting address once the game is off the catalogue; its previews still play", async () => {
      const maker = await makerWithGame(t);
      const preview = (await uploadBuild(maker.client, maker.gameId, makeZip(sampleBuildEntries()))).json().playUrl as string;
      await setBuildStatus(t, maker.gameId, 1, 'approved');
      await t.database.db.update(gamesTable).set({ status: 'draft' }).where(eq(gamesTable.id, maker.gameId));
      const headers = { host: `g${maker.gameId}.games.localhost:3001` };
      expect((await games.inject({ url: `/${maker.gameId}/1/index.html`, headers })).statusCode).toBe(404);
      expect((await games.inject({ url: new URL(preview).pathname, headers })).statusCode).toBe(200);
    });

    it('lets the site frame builds from the games origin and nowhere else', async () => {
      const page = await t.app.inject({ url: '/api/health' });
      expect(page.headers['content-security-policy']).toContain('frame-src http://*.games.localhost:3001');
    });
  });
});
