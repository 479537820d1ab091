import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadWidths, type UploadedImage } from '../../../shared/uploads';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { signUpMember } from '../../../test-support/server/members';
import {
  EXIF_MARKER,
  makeAnimatedGif,
  makeDecompressionBomb,
  makeJpegWithGps,
  makePng,
  makeTruncatedPng,
  makeWebp,
  multipartBody,
  svg,
  textFile,
} from '../../../test-support/test-images';
import { uploadStorageKinds, type UploadStorageKind } from '../../config';
import { gameMedia, games, submissions, uploads, uploadVariants, users } from '../../db/schema';
import { UPLOAD_RATE } from '../../http/limits/policies';
import { createUploadStorage, uploadStorageKind } from '../../storage/create-upload-storage';
import { importUploadFiles } from '../../storage/file-import';
import { createFileStorage } from '../../storage/file-storage';
import { MAX_INPUT_PIXELS, processImage } from './image';
import { cleanUpUploads } from './service';

/** A server keeping uploads in one storage (UPLOAD_STORAGE), on a database of its own. */
interface Site {
  t: TestApp;
  dataDir: string;
  uploadsDir: string;
}
const sites = new Map<UploadStorageKind, Site>();
const site = (kind: UploadStorageKind) => sites.get(kind)!;
/** The server with the storage its database picks by default; most tests use it. */
let t: TestApp;
beforeAll(async () => {
  for (const kind of uploadStorageKinds) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `gs-uploads-${kind}-`));
    sites.set(kind, {
      t: await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_STORAGE: kind } }),
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
    });
  }
  const main = site(uploadStorageKind({ uploadStorage: undefined }, sites.get('files')!.t.database));
  t = main.t;
});
afterAll(async () => {
  for (const { t: app, dataDir } of sites.values()) {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

function upload(client: HttpClient, file: Buffer, options?: Parameters<typeof multipartBody>[1]) {
  const { payload, contentType } = multipartBody(file, options);
  return client.request({ method: 'POST', url: '/api/uploads', payload, headers: { 'content-type': contentType } });
}

async function member(on = t) {
  const { client, email } = await signUpMember(on.app, { name: 'Uploader' });
  const [user] = await on.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { client, userId: user!.id };
}

const countAllUploads = async () => (await t.database.db.select({ total: count() }).from(uploads))[0]!.total;
/** The name of every stored variant, `<id>-<width>.webp`, wherever the server keeps them. */
async function storedFiles(on = t): Promise<string[]> {
  if (on.config.uploadStorage === 'files')
    return (await readdir(path.join(on.config.dataDir, 'uploads')).catch(() => [] as string[])).sort();
  const rows = await on.database.db.select({ id: uploadVariants.uploadId, width: uploadVariants.width }).from(uploadVariants);
  return rows.map((row) => `${row.id}-${row.width}.webp`).sort();
}
const rowsOf = async (userId: string, on = t) => on.database.db.select().from(uploads).where(eq(uploads.userId, userId));

async function served(url: string, on = t) {
  const response = await on.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return { response, metadata: await sharp(response.rawPayload).metadata() };
}

/** Uploads a file that must be accepted; checks every stored width decodes as WebP, never upscaled. */
async function expectAccepted(client: HttpClient, file: Buffer, name: string, original: { width: number; height: number }) {
  const response = await upload(client, file, { name, type: 'application/octet-stream' });
  expect(response.statusCode, response.body).toBe(201);
  const image = response.json<UploadedImage>();
  expect(image).toMatchObject(original);
  expect(image.id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  expect(image.path).toBe(`/uploads/${image.id}-1280.webp`);
  for (const [variant, width] of Object.entries(uploadWidths)) {
    const url = image.urls[variant as keyof typeof uploadWidths];
    expect(url).toBe(`/uploads/${image.id}-${width}.webp`);
    const { metadata } = await served(url);
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(Math.min(width, original.width));
    expect(metadata.height).toBe(Math.round((Math.min(width, original.width) / original.width) * original.height));
  }
  return image;
}

describe('POST /api/uploads accepts images and re-encodes them', () => {
  it('PNG, JPEG, WebP and GIF, whatever their names say, at every width', async () => {
    const { client, userId } = await member();
    await expectAccepted(client, await makePng(3000, 1500), 'cover.txt', { width: 3000, height: 1500 });
    // The JPEG says it is turned a quarter: it is stored upright, 800 wide and 1000 high.
    await expectAccepted(client, await makeJpegWithGps(), 'photo.gif', { width: 800, height: 1000 });
    await expectAccepted(client, await makeWebp(600, 400), 'shot.png', { width: 600, height: 400 });
    const gif = await expectAccepted(client, await makeAnimatedGif(), 'clip.webp', { width: 300, height: 200 });

    const rows = await rowsOf(userId);
    expect(rows.map((row) => [row.width, row.height]).sort()).toEqual(
      [
        [3000, 1500],
        [800, 1000],
        [600, 400],
        [300, 200],
      ].sort(),
    );
    expect(rows.find((row) => row.id === gif.id)).toBeDefined();
    // An animation keeps its first frame (red): a still, not an animated WebP.
    const { metadata } = await served(gif.urls.card);
    expect(metadata.pages ?? 1).toBe(1);
    const { data } = await sharp((await served(gif.urls.card)).response.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[2]]).toEqual([255, 0]);
  });

  it('strips EXIF, GPS and every other piece of metadata', async () => {
    const { client } = await member();
    const original = await makeJpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(EXIF_MARKER)).toBe(true);
    expect(before.orientation).toBe(6);

    const image = (await upload(client, original)).json<UploadedImage>();
    for (const url of Object.values(image.urls)) {
      const { response, metadata } = await served(url);
      expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.icc, metadata.orientation]).toEqual(Array(5).fill(undefined));
      expect(response.rawPayload.includes(EXIF_MARKER)).toBe(false);
      expect(response.rawPayload.includes('Exif')).toBe(false);
    }
  });
});

describe('POST /api/uploads refuses, storing nothing', () => {
  async function expectRefused(response: Awaited<ReturnType<typeof upload>>, status: number, code: string, message: RegExp) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ error: { code, message: expect.stringMatching(message) } });
  }

  it('anything that is not a PNG, JPEG, WebP or GIF, a damaged image and a decompression bomb', async () => {
    const { client, userId } = await member();
    const filesBefore = await storedFiles();
    const bomb = makeDecompressionBomb();
    expect(bomb.length).toBeLessThan(UPLOAD_MAX);
    const bombMeta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect(bombMeta.width! * bombMeta.height!).toBeGreaterThan(MAX_INPUT_PIXELS);

    await expectRefused(await upload(client, svg, { name: 'logo.svg', type: 'image/svg+xml' }), 400, 'invalid-argument', /SVG/);
    await expectRefused(await upload(client, svg, { name: 'logo.png', type: 'image/png' }), 400, 'invalid-argument', /SVG/);
    await expectRefused(
      await upload(client, textFile, { name: 'notes.png', type: 'image/png' }),
      400,
      'invalid-argument',
      /not a PNG, JPEG, WebP or GIF/,
    );
    await expectRefused(await upload(client, await makeTruncatedPng()), 400, 'invalid-argument', /damaged or incomplete/);
    await expectRefused(await upload(client, bomb), 400, 'invalid-argument', /too many pixels/);
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    await expectRefused(await upload(client, tiff, { name: 'scan.png' }), 400, 'invalid-argument', /not a PNG/);
    await expectRefused(await upload(client, Buffer.alloc(0)), 400, 'invalid-argument', /empty/);

    expect(await rowsOf(userId)).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('a file over 10 MB with 413', async () => {
    const { client, userId } = await member();
    const filesBefore = await storedFiles();
    const big = Buffer.concat([await makePng(200, 200), Buffer.alloc(UPLOAD_MAX + 1 - 200)]);
    expect(big.length).toBeGreaterThan(UPLOAD_MAX);
    await expectRefused(await upload(client, big), 413, 'invalid-argument', /larger than 10 MB/);
    expect(await rowsOf(userId)).toEqual([]);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('a request without the file field, or not multipart', async () => {
    const { client, userId } = await member();
    await expectRefused(await upload(client, await makePng(10, 10), { field: 'image' }), 400, 'invalid-argument', /field named file/);
    const json = await client.request({ method: 'POST', url: '/api/uploads', payload: { file: 'x' } });
    await expectRefused(json, 400, 'invalid-argument', /multipart/);
    expect(await rowsOf(userId)).toEqual([]);
  });

  it('a signed-out visitor with 401', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = await countAllUploads();
    await expectRefused(await upload(new HttpClient(t.app, '10.9.9.9'), await makePng(50, 50)), 401, 'unauthenticated', /sign in/);
    expect(await countAllUploads()).toBe(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it(`more than ${UPLOAD_RATE.max} uploads in ${UPLOAD_RATE.windowMs / 60_000} minutes with 429`, async () => {
    const { client, userId } = await member();
    const recent = new Date(Date.now() - UPLOAD_RATE.windowMs + 60_000);
    const old = new Date(Date.now() - UPLOAD_RATE.windowMs - 60_000);
    const rows = (createdAt: Date, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `ratetest${userId.slice(0, 8)}${createdAt.getTime()}${i}`,
        userId,
        width: 1,
        height: 1,
        createdAt,
      }));
    await t.database.db.insert(uploads).values([...rows(old, 5), ...rows(recent, UPLOAD_RATE.max - 1)]);
    const png = await makePng(40, 40);

    expect((await upload(client, png)).statusCode).toBe(201);
    const filesBefore = await storedFiles();
    const refused = await upload(client, png);
    await expectRefused(refused, 429, 'resource-exhausted', /30 images every 10 minutes/);
    // The oldest of the counted uploads leaves the window in about a minute.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await rowsOf(userId)).toHaveLength(5 + UPLOAD_RATE.max);
    expect(await storedFiles()).toEqual(filesBefore);
    // Someone else is not held back.
    expect((await upload((await member()).client, png)).statusCode).toBe(201);
  });
});

const UPLOAD_MAX = 10 * 1024 * 1024;

describe.each(uploadStorageKinds)('with UPLOAD_STORAGE=%s', (kind) => {
  const on = () => site(kind).t;
  const get = (url: string, headers: Record<string, string> = {}) => on().app.inject({ method: 'GET', url, headers });

  describe('GET /uploads/<id>-<width>.webp', () => {
    it('serves with long cache, an ETag, nosniff and image/webp, and 304 to a revalidation', async () => {
      const { client } = await member(on());
      const image = (await upload(client, await makePng(100, 80))).json<UploadedImage>();
      const { response } = await served(image.urls.full, on());
      expect(response.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-length': String(response.rawPayload.length),
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        etag: `"${image.id}-2400.webp"`,
      });
      const head = await on().app.inject({ method: 'HEAD', url: image.urls.page });
      expect(head.statusCode).toBe(200);
      const again = await get(image.urls.full, { 'if-none-match': `"other", ${response.headers.etag as string}` });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      expect(again.headers).toMatchObject({ etag: response.headers.etag, 'cache-control': 'public, max-age=31536000, immutable' });
      expect((await get(image.urls.full, { 'if-none-match': '"other"' })).statusCode).toBe(200);
      const missing = `/uploads/${'y'.repeat(22)}-480.webp`;
      expect((await get(missing, { 'if-none-match': `"${'y'.repeat(22)}-480.webp"` })).statusCode).toBe(404);
    });

    it('answers 404 for anything but a stored file of ours, traversal included', async () => {
      const { client } = await member(on());
      const image = (await upload(client, await makePng(100, 80))).json<UploadedImage>();
      await mkdir(site(kind).uploadsDir, { recursive: true });
      await writeFile(path.join(site(kind).uploadsDir, 'stray.txt'), 'not an upload');
      const attempts = [
        `/uploads/${image.id}-999.webp`,
        `/uploads/${image.id}-480.png`,
        `/uploads/${image.id}.webp`,
        `/uploads/${'x'.repeat(22)}-480.webp`,
        '/uploads/stray.txt',
        '/uploads/..%2f..%2fpackage.json',
        '/uploads/%2e%2e%2fpackage.json',
        '/uploads/../package.json',
        '/uploads/..%5cpackage.json',
        `/uploads/sub/${image.id}-480.webp`,
        '/uploads/',
      ];
      for (const url of attempts) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('"name": "gamesource"');
        if (!url.includes('/../')) expect(response.json(), url).toMatchObject({ error: { code: 'not-found' } });
      }
      // A NUL in the address is refused before any route looks at it.
      const nul = await get(`/uploads/${image.id}-480.webp%00.txt`);
      expect(nul.statusCode).toBe(400);
      expect(nul.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    });
  });

  describe('cleanUpUploads', () => {
    it('removes only uploads older than a day that nothing refers to', async () => {
      const app = on();
      const { db } = app.database;
      const storage = createUploadStorage(app.config, app.database);
      expect(storage.kind).toBe(kind);
      const { client, userId } = await member(app);
      const png = await makePng(64, 64);
      const make = async () => (await upload(client, png)).json<UploadedImage>();
      const [cover, screenshot, avatar, drafted, unused, fresh] = [
        await make(),
        await make(),
        await make(),
        await make(),
        await make(),
        await make(),
      ];
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      for (const image of [cover, screenshot, avatar, drafted, unused]) {
        await db.update(uploads).set({ createdAt: twoDaysAgo }).where(eq(uploads.id, image.id));
      }
      const [game] = await db.select({ id: games.id }).from(games).limit(1);
      await db.update(games).set({ imagePath: cover.path }).where(eq(games.id, game!.id));
      await db.insert(gameMedia).values({ gameId: game!.id, position: 99, path: screenshot.urls.card, alt: 'A shot' });
      await db.update(users).set({ image: avatar.path }).where(eq(users.id, userId));
      await db.insert(submissions).values({ userId, payload: { title: 'Draft', screenshots: [{ path: drafted.path, alt: '' }] } });
      // Files only: a file whose row was never written (the server stopped between the two), a
      // day old. The database writes both in one transaction, so it cannot have one.
      const strays = kind === 'files' ? ['orphanorphanorphan1234'] : [];
      for (const stray of strays) {
        const orphan = path.join(site(kind).uploadsDir, `${stray}-480.webp`);
        await writeFile(orphan, 'x');
        await utimes(orphan, twoDaysAgo, twoDaysAgo);
      }

      const removed = await cleanUpUploads(db, storage);
      expect(removed.sort()).toEqual([unused.id, ...strays].sort());
      const files = await storedFiles(app);
      expect(files.filter((name) => name.startsWith(unused.id) || name.startsWith('orphan'))).toEqual([]);
      for (const kept of [cover, screenshot, avatar, drafted, fresh]) {
        expect(files.filter((name) => name.startsWith(`${kept.id}-`))).toHaveLength(3);
        expect((await get(kept.urls.card)).statusCode).toBe(200);
      }
      expect((await get(unused.urls.card)).statusCode).toBe(404);
      const ids = (await rowsOf(userId, app)).map((row) => row.id);
      expect(ids).not.toContain(unused.id);
      expect(ids).toHaveLength(5);

      // A day later, with the fresh one still unused, it goes too.
      const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
      const later = await cleanUpUploads(db, storage, tomorrow);
      expect(later.filter((id) => [cover, screenshot, avatar, drafted, fresh].some((image) => image.id === id))).toEqual([fresh.id]);
      expect((await storedFiles(app)).filter((name) => name.startsWith(fresh.id))).toEqual([]);
    });
  });
  it.runIf(kind === 'database')('copies in images kept as files before the switch, once, so they are served again', async () => {
    const app = on();
    const { userId } = await member(app);
    const dir = site(kind).uploadsDir;
    const before = createFileStorage(app.database.db, dir);
    const id = 'keptasfilesbefore12345';
    const { variants } = await processImage(await makePng(600, 300));
    await before.save({ id, userId, width: 600, height: 300 }, variants);
    await writeFile(path.join(dir, 'norowforthisone12345-480.webp'), 'no row names it');
    expect((await get(`/uploads/${id}-480.webp`)).statusCode).toBe(404);

    expect(await importUploadFiles(app.database.db, dir)).toBe(3);
    const { response, metadata } = await served(`/uploads/${id}-1280.webp`, app);
    expect(metadata).toMatchObject({ format: 'webp', width: 600, height: 300 });
    expect(response.rawPayload.equals(variants.find((v) => v.variant === 'page')!.data)).toBe(true);
    expect((await get('/uploads/norowforthisone12345-480.webp')).statusCode).toBe(404);
    expect(await importUploadFiles(app.database.db, dir)).toBe(0);
  });
});
