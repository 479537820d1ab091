import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes, routePaths } from '../../shared/routes';
import { createTestApp, type TestApp } from '../../test-support/server/app';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(os.tmpdir(), 'gs-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log("hi")');
  // Marked, to tell the build's copies from the same bytes compressed as they are sent.
  await writeFile(path.join(webDist, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log("hi") // br'));
  await writeFile(path.join(webDist, 'assets', 'main-abc123.js.gz'), gzipSync('console.log("hi") // gz'));
  await writeFile(path.join(webDist, 'theme-init.js'), '/* theme */');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const everyRoutePath = appRoutes.flatMap((route) => routePaths(route));

describe('serving the web app', () => {
  it.each(everyRoutePath)('answers %s with the app and status 200', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('sends pages as gzip to a browser that takes it beside brotli, varying by cookie and encoding', async () => {
    const response = await t.app.inject({ url: '/about', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    expect(String(response.headers.vary).split(/, */)).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
  });

  it('keeps the query string out of route matching', async () => {
    expect((await t.app.inject('/game-detail?id=3')).statusCode).toBe(200);
    expect((await t.app.inject('/games/')).statusCode).toBe(200);
  });

  it.each(['/nowhere', '/games/extra', '/admin', '/login.php'])('answers the unknown path %s with the app and status 404', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('answers unknown API paths with a JSON not-found error, under /api/auth too', async () => {
    const response = await t.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not-found', message: 'No endpoint at GET /api/nothing-here' },
    });
    for (const method of ['GET', 'POST'] as const) {
      const auth = await t.app.inject({
        method,
        url: '/api/auth/nothing-here?x=1',
        headers: { origin: t.config.baseUrl },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(auth.statusCode, method).toBe(404);
      expect(auth.json(), method).toEqual({ error: { code: 'not-found', message: `No endpoint at ${method} /api/auth/nothing-here` } });
    }
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    const asset = await t.app.inject('/assets/main-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const themeScript = await t.app.inject('/theme-init.js');
    expect(themeScript.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject('/games')).headers['cache-control']).toBe('no-cache');
  });

  it('sends an asset compressed as the build wrote it, in the encoding the browser takes', async () => {
    const br = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("hi") // br');
    const gzip = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log("hi") // gz');
    const plain = await t.app.inject({ url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("hi")');
  });

  it("answers a missing asset and the build's folders with the not-found page", async () => {
    for (const url of ['/assets/missing-abc123.js', '/assets/', '/assets']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it('sends security headers on pages and API answers', async () => {
    for (const url of ['/', '/api/games', '/nowhere']) {
      const { headers } = await t.app.inject(url);
      expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });
});
