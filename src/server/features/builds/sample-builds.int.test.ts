import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { gameBuilds, games } from '../../db/schema';
import { createBuildStorage } from '../../storage/create-build-storage';
import { buildGamesServer, gameUrlsFor, sampleBuildSlugs, seedSampleBuilds } from './index';

let t: TestApp;
let gamesOrigin: FastifyInstance;
let dataDir: string;
let ids: Map<string, number>;

const seed = () => seedSampleBuilds(t.database.db, createBuildStorage(t.config), gameUrlsFor(t.config), t.config.games.limits);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gs-sample-builds-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  gamesOrigin = await buildGamesServer({ config: t.config, database: t.database, urls: gameUrlsFor(t.config) });
  // What `npm start` does after migrating and seeding.
  expect(await seed()).toEqual({ buildsAdded: 3 });
  const rows = await t.database.db
    .select({ id: games.id, slug: games.slug })
    .from(games)
    .where(inArray(games.slug, [...sampleBuildSlugs]));
  ids = new Map(rows.map((row) => [row.slug, row.id]));
});
afterAll(async () => {
  await gamesOrigin.close();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const fromGamesOrigin = (gameId: number, file: string) =>
  gamesOrigin.inject({ url: `/${gameId}/1/${file}`, headers: { host: `g${gameId}.games.localhost:3001` } });

const logicOf: Record<string, string> = {
  'the-lying-sphinx': 'sphinx-logic.js',
  'ninefold-front': 'front-logic.js',
  knucklewise: 'habit-model.js',
};

describe('the sample games that ship as web builds', () => {
  it('each has an approved version 1 that plays in the page, and seeding again adds none', async () => {
    expect(await seed()).toEqual({ buildsAdded: 0 });
    const builds = await t.database.db
      .select()
      .from(gameBuilds)
      .where(inArray(gameBuilds.gameId, [...ids.values()]));
    expect(builds.map((build) => [build.version, build.status, build.entryPath, build.uploadedBy])).toEqual(
      Array(3).fill([1, 'approved', 'index.html', null]),
    );
    for (const [slug, id] of ids) {
      const listed = await t.app.inject({ url: `/api/games/${id}/build` });
      expect(listed.statusCode, slug).toBe(200);
      expect(listed.json()).toMatchObject({
        version: 1,
        status: 'approved',
        playUrl: `${gameUrlsFor(t.config).listed(id, 1, 'index.html')}`,
      });
      const [game] = await t.database.db.select({ platforms: games.platforms }).from(games).where(eq(games.id, id));
      expect(game!.platforms).toContain('web');
      // Play opens the build itself.
      const play = await t.app.inject({ url: `/play/${slug}` });
      expect([play.statusCode, play.headers.location]).toEqual([303, listed.json().playUrl]);
    }
  });

  it.each([...sampleBuildSlugs])(
    '%s: the games origin serves its page, script, logic and style with their types, and no tests',
    async (slug) => {
      const id = ids.get(slug)!;
      const page = await fromGamesOrigin(id, 'index.html');
      expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
      expect(page.body).toContain('How to play');
      // No outside address: everything the page uses is its own.
      expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
      for (const [file, type] of [
        ['game.js', 'text/javascript; charset=utf-8'],
        [logicOf[slug]!, 'text/javascript; charset=utf-8'],
        ['style.css', 'text/css; charset=utf-8'],
      ] as const) {
        const response = await fromGamesOrigin(id, file);
        expect([file, response.statusCode, response.headers['content-type']]).toEqual([file, 200, type]);
        expect(response.body).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|https?:\/\//);
      }
      const test = logicOf[slug]!.replace('.js', '.test.ts');
      expect((await fromGamesOrigin(id, test)).statusCode).toBe(404);
    },
  );
});
