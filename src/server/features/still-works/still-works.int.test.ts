import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../../../test-support/insert-game';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { readOutbox } from '../../../test-support/server/outbox';
import { startStandInSite, type StandInSite } from '../../../test-support/server/stand-in-site';
import { member, uploadedPath } from '../../../test-support/submission-fixtures';
import { within } from '../../../test-support/within';
import { gameBuilds, gameChecks, gameHealth, games } from '../../db/schema';
import { runDueChecks, type CheckDeps } from './service';

// "Still works" (decision 0067) through HTTP on real migrations. Every game's address is the
// stand-in site on 127.0.0.1 (allowed for the test), or a refused address never contacted.

const CHECKS_ON = { GAME_CHECKS: 'true', OUTGOING_ALLOW_HOSTS: '127.0.0.1' };
const HOUR_MS = 60 * 60_000;
type Member = Awaited<ReturnType<typeof member>>;
let gamesMade = 0;

/** A listed game of `owner`'s that plays at `playUrl`, written straight in so nothing outside is ever its address. */
async function listedGame(t: TestApp, owner: Member, playUrl: string): Promise<number> {
  const n = ++gamesMade;
  // Every listed game has a category, as an approved submission gives it.
  return insertGame(t.database.db, {
    slug: `still-works-${n}-${Date.now()}`,
    title: `Checked Game ${n}`,
    tagline: 'A game the server checks',
    description: 'It should still work.',
    imagePath: uploadedPath(1),
    imageAlt: 'A lantern',
    releaseDate: '2025-01-01',
    developer: 'Checker Studio',
    ownerId: owner.id,
    status: 'published',
    publishedAt: new Date(),
    playUrl,
  });
}

const bellOf = async (who: Member) =>
  (await who.client.get('/api/me/notifications')).json().items as { kind: string; title: string; body: string }[];

/** Makes every game due again, as if a day had passed since its checks. */
const aDayLater = (t: TestApp) =>
  t.database.db.update(gameHealth).set({ lastCheckedAt: sql`${gameHealth.lastCheckedAt} - interval '25 hours'` });

describe('still works: checks, signals and the maker', () => {
  let t: TestApp;
  let site: StandInSite;
  let maker: Member;
  let deps: CheckDeps;

  beforeAll(async () => {
    site = await startStandInSite();
    // The job runs once as the app starts (nothing is due yet), then not within the file.
    t = await createTestApp({ env: CHECKS_ON, jobTiming: { everyMs: 24 * HOUR_MS } });
    await t.app.ready();
    expect(await within(10_000, () => t.app.periodicJobs.runs.counts('games checked').succeeded >= 1)).toBe(true);
    maker = await member(t, 'user', 'Mona Maker');
    deps = { enabled: true, intervalHours: 24, outgoing: { allowHosts: ['127.0.0.1'], timeoutMs: 500 }, mail: async () => {} };
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('one run checks every due game through the guarded client and records why each failed', async () => {
    const ids = {
      ok: await listedGame(t, maker, site.url('/ok')),
      broken: await listedGame(t, maker, site.url('/broken')),
      hangs: await listedGame(t, maker, site.url('/hang')),
      loop: await listedGame(t, maker, site.url('/loop')),
      metadata: await listedGame(t, maker, site.url(`/to?url=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`)),
      private: await listedGame(t, maker, site.url(`/to?url=${encodeURIComponent('http://10.0.0.1/')}`)),
    };
    expect(await runDueChecks(t.database.db, deps, 50)).toBe(6);
    // Checked within the interval: nothing is due on the next run.
    expect(await runDueChecks(t.database.db, deps, 50)).toBe(0);

    const history = async (id: number) => (await maker.client.get(`/api/me/games/${id}/checks`)).json();
    expect((await history(ids.ok)).items).toMatchObject([{ ok: true, statusCode: 200, reason: '', manual: false }]);
    expect((await history(ids.broken)).items).toMatchObject([{ ok: false, statusCode: 500, reason: 'Answered 500' }]);
    expect((await history(ids.hangs)).items[0]).toMatchObject({ ok: false, statusCode: null, reason: expect.stringMatching(/^Timed out/) });
    expect((await history(ids.loop)).items[0]).toMatchObject({ ok: false, reason: expect.stringMatching(/^Too many redirects/) });
    expect((await history(ids.metadata)).items[0]).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Refused address: 169\.254\.169\.254/),
    });
    expect((await history(ids.private)).items[0]).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Refused address: 10\.0\.0\.1/),
    });

    const status = async (id: number) => (await t.app.inject({ url: `/api/games/${id}/status` })).json();
    expect(await status(ids.ok)).toMatchObject({ status: 'working', lastCheckedAt: expect.any(String) });
    expect(await status(ids.broken)).toMatchObject({ status: 'having-problems' });
    // The game page's one viewer answer carries the same (a sample game, which the catalogue holds).
    await t.database.db.insert(gameHealth).values({ gameId: 5, status: 'having-problems', failedStreak: 1, lastCheckedAt: new Date() });
    expect((await maker.client.get('/api/games/5/viewer')).json().workStatus).toEqual(await status(5));
    expect((await status(5)).status).toBe('having-problems');
    expect((await t.app.inject({ url: '/api/games/3/viewer' })).json().workStatus).toEqual({ status: 'working', lastCheckedAt: null });
  });

  it('three failed checks in a row make a game Not working, its maker hears of it, and lists leave it out unless asked', async () => {
    const owner = await member(t, 'user', 'Nora Owner');
    const id = await listedGame(t, owner, site.url('/missing'));
    const statusOf = async () => (await t.app.inject({ url: `/api/games/${id}/status` })).json().status;
    const list = async (query = '') =>
      (await owner.client.get(`/api/games?pageSize=100&sort=newest${query}`)).json() as {
        items: { id: string }[];
        total: number;
        facets: { notWorking: { true: number; false: number } };
      };
    const inList = async (query = '') => {
      const l = await list(query);
      if (!l.items) console.log('LIST', JSON.stringify(l).slice(0, 300));
      return l.items.some((game) => game.id === String(id));
    };
    expect(await within(5_000, () => inList())).toBe(true);
    const before = await list();
    await runDueChecks(t.database.db, deps, 50);
    expect(await statusOf()).toBe('having-problems');
    await aDayLater(t);
    await runDueChecks(t.database.db, deps, 50);
    expect(await statusOf()).toBe('having-problems');
    expect((await bellOf(owner)).filter((n) => n.kind === 'game-not-working')).toHaveLength(0);
    // The third check is the maker's own "Check now": the app's mail goes through the notifications feature.
    const checkNow = await owner.client.post(`/api/me/games/${id}/checks`);
    expect(checkNow.statusCode, checkNow.body).toBe(200);
    expect(checkNow.json()).toMatchObject({ check: { ok: false, statusCode: 404, manual: true }, status: { status: 'not-working' } });
    expect(await statusOf()).toBe('not-working');
    const [notice] = (await bellOf(owner)).filter((n) => n.kind === 'game-not-working');
    expect(notice).toMatchObject({ title: expect.stringContaining('is not working'), body: expect.stringContaining('Answered 404') });
    expect(await within(5_000, async () => (await readOutbox(t.app, owner.email))[0]?.subject?.includes('is not working') ?? false)).toBe(
      true,
    );

    // Lists leave it out now; "Show games that don't work" brings it back, and the count says how many it adds.
    expect(await within(5_000, async () => !(await inList()))).toBe(true);
    const after = await list();
    expect(after.total).toBe(before.total - 1);
    expect(after.facets.notWorking).toEqual({ true: before.facets.notWorking.true + 1, false: before.facets.notWorking.false - 1 });
    expect(await inList('&showNotWorking=true')).toBe(true);
    expect((await list('&showNotWorking=true')).total).toBe(before.total + before.facets.notWorking.true);
    expect((await owner.client.get('/api/games?showNotWorking=maybe')).json().error.message).toContain(
      'showNotWorking must be true or false',
    );

    // Once it works again, one good check brings it back.
    await t.database.db
      .update(games)
      .set({ playUrl: site.url('/ok') })
      .where(eq(games.id, id));
    await t.database.db.update(gameHealth).set({ lastManualCheckAt: null }).where(eq(gameHealth.gameId, id));
    expect((await owner.client.post(`/api/me/games/${id}/checks`)).json()).toMatchObject({
      check: { ok: true },
      status: { status: 'working' },
    });
    expect(await within(5_000, () => inList())).toBe(true);
  });

  it('lets a maker ask for a check once every ten minutes, of their own game only', async () => {
    const id = await listedGame(t, maker, site.url('/ok'));
    const first = await maker.client.post(`/api/me/games/${id}/checks`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ check: { ok: true, statusCode: 200, manual: true }, status: { status: 'working' } });
    const hits = site.hits.get('/ok');

    const again = await maker.client.post(`/api/me/games/${id}/checks`);
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toMatchObject({ code: 'resource-exhausted', message: expect.stringContaining('once every 10 minutes') });
    expect(site.hits.get('/ok')).toBe(hits);
    expect((await maker.client.get(`/api/me/games/${id}/checks`)).json()).toMatchObject({ total: 1 });

    const stranger = await member(t, 'user', 'Sam Stranger');
    expect((await stranger.client.post(`/api/me/games/${id}/checks`)).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/me/games/${id}/checks`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/me/games/${id}/checks`, headers: { origin: t.config.baseUrl } })).statusCode,
    ).toBe(401);
  });

  it('keeps the last 30 checks of a game, newest first, a page at a time', async () => {
    const id = await listedGame(t, maker, site.url('/ok'));
    const old = Array.from({ length: 34 }, (_, i) => ({
      gameId: id,
      ok: true,
      statusCode: 200,
      durationMs: i,
      checkedAt: new Date(Date.now() - (40 - i) * HOUR_MS),
    }));
    await t.database.db.insert(gameChecks).values(old);
    await runDueChecks(t.database.db, deps, 50);
    const page = (await maker.client.get(`/api/me/games/${id}/checks?page=1&pageSize=5`)).json();
    expect(page).toMatchObject({ total: 30, page: 1, pageSize: 5 });
    expect(page.items).toHaveLength(5);
    expect(Date.parse(page.items[0].checkedAt)).toBeGreaterThan(Date.now() - HOUR_MS);
    expect((await maker.client.get(`/api/me/games/${id}/checks?pageSize=31`)).statusCode).toBe(400);
  });

  it('does not check a game that plays from a build hosted here', async () => {
    const id = await listedGame(t, maker, site.url('/broken'));
    await t.database.db
      .insert(gameBuilds)
      .values({ gameId: id, version: 1, status: 'approved', sizeBytes: 10, fileCount: 1, entryPath: 'index.html' });
    await runDueChecks(t.database.db, deps, 50);
    expect(await t.database.db.select().from(gameChecks).where(eq(gameChecks.gameId, id))).toHaveLength(0);
    expect((await t.app.inject({ url: `/api/games/${id}/status` })).json()).toEqual({ status: 'working', lastCheckedAt: null });
    const checkNow = await maker.client.post(`/api/me/games/${id}/checks`);
    expect(checkNow.statusCode).toBe(412);
    expect(checkNow.json().error.message).toContain('hosted here');
  });

  it("counts 'It doesn't work for me' once a week per member, and three members make it Having problems", async () => {
    const id = await listedGame(t, maker, site.url('/ok'));
    const players = [await member(t), await member(t), await member(t)];
    const say = (who: Member) => who.client.post(`/api/games/${id}/works-for-me`);

    expect((await say(players[0]!)).json()).toMatchObject({ counted: true, status: { status: 'working' } });
    const twice = await say(players[0]!);
    expect(twice.statusCode).toBe(429);
    expect(twice.json().error.message).toContain('this week');
    expect((await say(players[1]!)).json().status.status).toBe('working');
    expect((await say(players[2]!)).json().status.status).toBe('having-problems');
    expect((await t.app.inject({ url: `/api/games/${id}/status` })).json().status).toBe('having-problems');
    // Theirs to take with the rest of their data.
    expect((await players[0]!.client.get('/api/me/export')).json().saidNotWorking).toEqual([
      expect.objectContaining({ gameId: id, reportedAt: expect.any(String) }),
    ]);

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/games/${id}/works-for-me`, headers: { origin: t.config.baseUrl } })).statusCode,
    ).toBe(401);
    expect((await say(players[0]!).then(() => players[0]!.client.post('/api/games/999999/works-for-me'))).statusCode).toBe(404);
  });

  it("takes a maker's health address only as a full https URL, and writes nothing otherwise", async () => {
    const id = await listedGame(t, maker, site.url('/ok'));
    const put = (healthUrl: unknown, who = maker) =>
      who.client.request({ method: 'PUT', url: `/api/me/games/${id}/health-url`, payload: { healthUrl } });
    for (const bad of ['http://status.example.com/', 'not a url', 'https://localhost/', 42]) {
      const refused = await put(bad);
      expect(refused.statusCode, String(bad)).toBe(400);
    }
    const stored = async () =>
      (await t.database.db.select({ healthUrl: games.healthUrl }).from(games).where(eq(games.id, id)))[0]!.healthUrl;
    expect(await stored()).toBeNull();
    expect((await put('https://status.example.com/health')).json()).toEqual({ healthUrl: 'https://status.example.com/health' });
    expect((await maker.client.get(`/api/me/games/${id}/health-url`)).json()).toEqual({ healthUrl: 'https://status.example.com/health' });
    expect((await (await member(t)).client.get(`/api/me/games/${id}/health-url`)).statusCode).toBe(404);
    expect((await put('https://status.example.com/other', await member(t))).statusCode).toBe(404);
    // Cleared again before any check could fetch it.
    expect((await put(null)).json()).toEqual({ healthUrl: null });
  });
});

describe('still works: the scheduled job', () => {
  let t: TestApp;
  let site: StandInSite;
  beforeAll(async () => {
    site = await startStandInSite();
    t = await createTestApp({ env: CHECKS_ON, jobTiming: { everyMs: 200 } });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('checks a listed game on its own, once per interval', async () => {
    const owner = await member(t, 'user', 'Jo Job');
    const id = await listedGame(t, owner, site.url('/ok'));
    const checked = () => t.database.db.select().from(gameChecks).where(eq(gameChecks.gameId, id));
    expect(await within(10_000, async () => (await checked()).length > 0)).toBe(true);
    // Several more runs go by; the game is not due again for a day.
    const runs = t.app.periodicJobs.runs.counts('games checked').succeeded;
    expect(await within(10_000, () => t.app.periodicJobs.runs.counts('games checked').succeeded >= runs + 3)).toBe(true);
    expect(await checked()).toHaveLength(1);
    expect(t.app.periodicJobs.runs.counts('games checked').failed).toBe(0);
  });
});
