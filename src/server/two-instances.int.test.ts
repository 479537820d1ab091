import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameTopic } from '../shared/live';
import type { UploadedImage } from '../shared/uploads';
import { makerWithGame, setBuildStatus, uploadBuild } from '../test-support/build-fixtures';
import { insertGame } from '../test-support/insert-game';
import { startS3StandIn, type S3StandIn } from '../test-support/s3-stand-in';
import { buildTestApp, TEST_BASE_URL, testConfig } from '../test-support/server/app';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../test-support/server/database';
import { MEMBER_PASSWORD, signUpMember } from '../test-support/server/members';
import { trendingPlaysIn } from '../test-support/server/rendered-page';
import { SERVED_BY_HEADER, startRoundRobinProxy, type RoundRobinProxy } from '../test-support/server/round-robin-proxy';
import { SseClient } from '../test-support/server/sse-client';
import { startStandInSite, type StandInSite } from '../test-support/server/stand-in-site';
import { makePng, multipartBody } from '../test-support/test-images';
import { within } from '../test-support/within';
import { makeZip, sampleBuildEntries } from '../test-support/zip-writer';
import type { Config } from './config';
import { createDatabase, type Database } from './db/client';
import { gameBuilds, gameChecks, games, uploads, users } from './db/schema';
import { buildGamesServer, gameUrlsFor } from './features/builds';
import { BUILD_ACCESS_TTL_MS } from './features/builds/games-server';
import { OLD_VERSIONS_JOB } from './features/builds/old-versions';
import { notify } from './features/notifications';
import { UPLOAD_RATE } from './http/limits/policies';
import { REPORTS_PER_HOUR_PER_USER } from './http/limits/policies';
import type { JobRun } from './jobs/run-log';

// Several instances are one site: two real servers on one PostgreSQL database, behind a load
// balancer that sends each request to the other one in turn. Whatever a visitor does through it
// holds whichever instance answers: images, sessions, limits, periodic work and live updates.

const JOB_EVERY_MS = 300;
const WRITES_PER_MINUTE_PER_ADDRESS = 10;
const LIVE_STREAMS_PER_MEMBER = 3;
const CLEAN_UP_JOB = 'removed unreferenced uploads';
const VISITOR_PAGE_CACHE_MS = 1000;
const WRONG = 'not-the-password-at-all-7';

interface Answer {
  status: number;
  /** Which instance answered (0 or 1). */
  servedBy: number;
  headers: Headers;
  bytes: Buffer;
  json<T = Record<string, unknown>>(): T;
}

let addresses = 0;

/** A browser behind the load balancer: its own address, the site's Origin, its cookies. */
class Visitor {
  private cookies = new Map<string, string>();
  readonly address = `10.77.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

  constructor(private readonly baseUrl: string) {}

  get headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return { origin: TEST_BASE_URL, 'x-forwarded-for': this.address, ...(cookie ? { cookie } : {}) };
  }

  async request(
    path: string,
    init: { method?: string; json?: object; body?: Buffer; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...this.headers, ...init.headers };
    if (init.json) headers['content-type'] = 'application/json';
    if (init.contentType) headers['content-type'] = init.contentType;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? (init.json || init.body ? 'POST' : 'GET'),
      headers,
      body: init.json ? JSON.stringify(init.json) : init.body && new Uint8Array(init.body),
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute));
      if (value === '' || expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      servedBy: Number(response.headers.get(SERVED_BY_HEADER)),
      headers: response.headers,
      bytes,
      json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
    };
  }

  upload(file: Buffer): Promise<Answer> {
    const { payload, contentType } = multipartBody(file);
    return this.request('/api/uploads', { body: payload, contentType });
  }
}

/**
 * A page from each instance, one after the other: two loops asking the round-robin proxy side by
 * side can fall into step, each always handed the other's instance, and never end.
 */
async function pagesFromBoth(pageFrom: (instance: number) => Promise<string>): Promise<string[]> {
  return [await pageFrom(0), await pageFrom(1)];
}

describe.skipIf(!testDatabaseUrl)('two instances on one PostgreSQL behind a round-robin load balancer', () => {
  let shared: TestDatabase;
  const instances: { app: FastifyInstance; database: Database; config: Config }[] = [];
  // Builds in one S3-compatible store that both instances read, as on a real scale-out.
  let s3: S3StandIn;
  const dataDirs: string[] = [];
  let proxy: RoundRobinProxy;
  let site: StandInSite;
  const visitor = () => new Visitor(proxy.url);

  beforeAll(async () => {
    shared = await createTestDatabase();
    site = await startStandInSite();
    s3 = await startS3StandIn();
    for (let i = 0; i < 2; i++) {
      // Each on a machine of its own: nothing on one's disk is on the other's.
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `gs-instance-${i}-`));
      dataDirs.push(dataDir);
      const config = testConfig({
        DATA_DIR: dataDir,
        // The load balancer is the one proxy in front: limits see the visitor's address.
        TRUST_PROXY: '127.0.0.1',
        WRITES_PER_MINUTE_PER_ADDRESS: String(WRITES_PER_MINUTE_PER_ADDRESS),
        LIVE_STREAMS_PER_MEMBER: String(LIVE_STREAMS_PER_MEMBER),
        VISITOR_PAGE_CACHE_MS: String(VISITOR_PAGE_CACHE_MS),
        // Game checks reach only the stand-in site on loopback.
        GAME_CHECKS: 'true',
        OUTGOING_ALLOW_HOSTS: '127.0.0.1',
        ...s3.env,
      });
      const database = createDatabase({ url: shared.location.url });
      const app = await buildTestApp({ config, database, jobTiming: { everyMs: JOB_EVERY_MS, leaseMs: 1_500 } });
      await app.listen({ host: '127.0.0.1', port: 0 });
      instances.push({ app, database, config });
    }
    proxy = await startRoundRobinProxy(instances.map(({ app }) => (app.server.address() as AddressInfo).port));
  });
  afterAll(async () => {
    await proxy?.close();
    await site?.close();
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await shared?.destroy();
    await s3?.close();
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  });

  /** A member (signed up on instance 0), signed in with a password through the load balancer. */
  async function signedInMember() {
    const { email } = await signUpMember(instances[0]!.app);
    const member = visitor();
    const signIn = await member.request('/api/auth/sign-in/email', { json: { email, password: MEMBER_PASSWORD } });
    expect(signIn.status, signIn.bytes.toString()).toBe(200);
    const [user] = await shared.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return { member, email, userId: user!.id, signedInOn: signIn.servedBy };
  }

  /** A signed-in member who has also picked a username, as one who browses the catalogue has. */
  async function signedUpMember(usernamePrefix: string) {
    const signedIn = await signedInMember();
    const username = `${usernamePrefix}-${Date.now().toString(36)}`;
    const finished = await signedIn.member.request('/api/me/signup', { json: { username, acceptTerms: true } });
    expect(finished.status, finished.bytes.toString()).toBe(200);
    return signedIn;
  }

  /** Asks until the given instance answers. */
  async function askInstance(who: Visitor, instance: number, path: string): Promise<Answer> {
    for (;;) {
      const answer = await who.request(path);
      if (answer.servedBy === instance) return answer;
    }
  }

  it('sends consecutive requests to the two instances in turn', async () => {
    const [first, second, third] = [
      await visitor().request('/api/health'),
      await visitor().request('/api/health'),
      await visitor().request('/api/health'),
    ];
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(second.servedBy).toBe(1 - first.servedBy);
    expect(third.servedBy).toBe(first.servedBy);
  });

  it('keeps a session made on one instance on the other, and ends it on both', async () => {
    const { member, email, signedInOn } = await signedInMember();
    const me = await member.request('/api/me');
    expect(me.servedBy).toBe(1 - signedInOn);
    expect(me.json<{ user: { email: string } | null }>().user?.email).toBe(email);
    const again = await member.request('/api/me');
    expect(again.servedBy).toBe(signedInOn);
    expect(again.json<{ user: { email: string } | null }>().user?.email).toBe(email);

    const headersBefore = member.headers;
    const signOut = await member.request('/api/auth/sign-out', { json: {} });
    expect(signOut.status).toBe(200);
    // The old cookie, replayed on either instance, signs no one in.
    for (let i = 0; i < 2; i++) {
      const replay = await visitor().request('/api/me', { headers: { cookie: headersBefore.cookie! } });
      expect(replay.json()).toMatchObject({ user: null });
    }
  });

  it('serves an image uploaded through one instance from the other, the same bytes and cache headers', async () => {
    const { member } = await signedInMember();
    const created = await member.upload(await makePng(640, 360));
    expect(created.status, created.bytes.toString()).toBe(201);
    const image = created.json<UploadedImage>();

    const answers = [await member.request(image.urls.card), await member.request(image.urls.card)];
    expect(answers.map((answer) => answer.servedBy).sort()).toEqual([0, 1]);
    expect(answers.find((answer) => answer.servedBy !== created.servedBy)).toBeDefined();
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(
        Object.fromEntries(
          ['content-type', 'cache-control', 'etag', 'x-content-type-options'].map((name) => [name, answer.headers.get(name)]),
        ),
      ).toEqual({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        etag: `"${image.id}-480.webp"`,
        'x-content-type-options': 'nosniff',
      });
      expect(await sharp(answer.bytes).metadata()).toMatchObject({ format: 'webp', width: 480, height: 270 });
    }
    expect(answers[0]!.bytes.equals(answers[1]!.bytes)).toBe(true);
    // A browser revalidating gets 304 from either.
    for (let i = 0; i < 2; i++) {
      expect((await member.request(image.urls.card, { headers: { 'if-none-match': `"${image.id}-480.webp"` } })).status).toBe(304);
    }
  });

  it('plays a build uploaded through one instance from the other’s games origin, out of the shared object store', async () => {
    const [from, to] = [instances[0]!, instances[1]!];
    const { client, gameId } = await makerWithGame({ app: from.app, database: shared.database });
    const wasm = Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]);
    const uploaded = await uploadBuild(client, gameId, makeZip([...sampleBuildEntries(), { name: 'Build/game.wasm', data: wasm }]));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(await s3.keys(`${gameId}/`)).toEqual([`${gameId}/1/Build/game.wasm`, `${gameId}/1/game.js`, `${gameId}/1/index.html`]);
    await setBuildStatus({ database: shared.database }, gameId, 1, 'approved');
    const origin = await buildGamesServer({ config: to.config, database: to.database, urls: gameUrlsFor(to.config) });
    try {
      const host = `g${gameId}.games.localhost:3001`;
      const page = await origin.inject({ url: `/${gameId}/1/index.html`, headers: { host } });
      expect([page.statusCode, page.headers['content-type'], page.headers['cache-control']]).toEqual([
        200,
        'text/html; charset=utf-8',
        'public, max-age=31536000, immutable',
      ]);
      expect(page.body).toContain('<title>Test build</title>');
      const part = await origin.inject({ url: `/${gameId}/1/Build/game.wasm`, headers: { host, range: 'bytes=4-' } });
      expect([part.statusCode, part.headers['content-range'], part.headers['content-type']]).toEqual([
        206,
        'bytes 4-7/8',
        'application/wasm',
      ]);
      expect(part.rawPayload).toEqual(wasm.subarray(4));
      expect(
        (await origin.inject({ url: `/${gameId}/1/index.html`, headers: { host, 'if-none-match': page.headers.etag as string } }))
          .statusCode,
      ).toBe(304);
      // Taken off the catalogue through the other instance (as an unpublish writes it): this one
      // stops playing it within the time it trusts what it read.
      await shared.database.db.update(games).set({ status: 'draft' }).where(eq(games.id, gameId));
      await expect
        .poll(async () => (await origin.inject({ url: `/${gameId}/1/index.html`, headers: { host } })).statusCode, {
          timeout: BUILD_ACCESS_TTL_MS + 2_000,
          interval: 250,
        })
        .toBe(404);
    } finally {
      await origin.close();
      // The catalogue of the later tests is the seeded one.
      await shared.database.db.delete(games).where(eq(games.id, gameId));
    }
  });

  it('removes an old rejected build version once in all, from the shared store, whichever instance runs the clean-up', async () => {
    const { client, gameId } = await makerWithGame({ app: instances[1]!.app, database: shared.database });
    for (let i = 0; i < 2; i++) expect((await uploadBuild(client, gameId, makeZip(sampleBuildEntries()))).statusCode).toBe(201);
    await setBuildStatus({ database: shared.database }, gameId, 1, 'rejected');
    await shared.database.db
      .update(gameBuilds)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.version, 1)));
    const versionsLeft = async () =>
      (await shared.database.db.select({ version: gameBuilds.version }).from(gameBuilds).where(eq(gameBuilds.gameId, gameId))).map(
        (row) => row.version,
      );
    // The files go first, then the row, in one round.
    expect(await within(10_000, async () => (await versionsLeft()).length === 1)).toBe(true);
    expect(await versionsLeft()).toEqual([2]);
    expect(await s3.keys(`${gameId}/`)).toEqual([`${gameId}/2/game.js`, `${gameId}/2/index.html`]);
    const runs = instances
      .flatMap(({ app }) => app.periodicJobs.runs.recent(OLD_VERSIONS_JOB))
      .filter((run) => run.outcome === 'ok')
      .sort((a, b) => a.startedAt - b.startedAt);
    expect(runs.reduce((sum, run) => sum + (run.changed ?? 0), 0)).toBe(1);
    for (const [i, run] of runs.entries()) if (i > 0) expect(run.startedAt).toBeGreaterThanOrEqual(runs[i - 1]!.finishedAt!);
    await shared.database.db.delete(games).where(eq(games.id, gameId));
  });

  it('holds the upload limit on both instances', async () => {
    const { member, userId } = await signedInMember();
    const recent = new Date(Date.now() - 60_000);
    await shared.database.db.insert(uploads).values(
      Array.from({ length: UPLOAD_RATE.max - 1 }, (_, i) => ({
        id: `twoinstances${userId.slice(0, 8)}${i}`,
        userId,
        width: 1,
        height: 1,
        createdAt: recent,
      })),
    );
    const png = await makePng(40, 40);
    const last = await member.upload(png);
    expect(last.status).toBe(201);
    const refusals = [await member.upload(png), await member.upload(png)];
    expect(refusals.map((answer) => answer.servedBy).sort()).toEqual([0, 1]);
    for (const refused of refusals) {
      expect(refused.status).toBe(429);
      expect(refused.json()).toMatchObject({
        error: { code: 'resource-exhausted', message: expect.stringMatching(/30 images every 10 minutes/) },
      });
    }
  });

  it('counts one address’s writes on both instances together', async () => {
    const { member } = await signedInMember();
    const statuses: number[] = [];
    const servedBy = new Set<number>();
    for (let i = 0; i < WRITES_PER_MINUTE_PER_ADDRESS + 2; i++) {
      const answer = await member.request('/api/games/7/plays', { json: {} });
      statuses.push(answer.status);
      if (answer.status === 429) servedBy.add(answer.servedBy);
    }
    // Each instance saw half: counted apart, neither would have refused anything.
    expect(statuses).toEqual([...Array<number>(WRITES_PER_MINUTE_PER_ADDRESS).fill(200), 429, 429]);
    expect([...servedBy].sort()).toEqual([0, 1]);
  });

  it('throttles password guesses for one account on both instances, from any address', async () => {
    const { email } = await signedInMember();
    const answers: Answer[] = [];
    for (let i = 0; i < 7; i++) answers.push(await visitor().request('/api/auth/sign-in/email', { json: { email, password: WRONG } }));
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(
      answers
        .slice(5)
        .map((answer) => answer.servedBy)
        .sort(),
    ).toEqual([0, 1]);
    for (const refused of answers.slice(5)) {
      expect(refused.json<{ message: string }>().message).toMatch(/^Too many attempts for this account/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('limits sign-in attempts from one address on both instances together', async () => {
    const attacker = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await attacker.request('/api/auth/sign-in/email', {
        json: { email: `nobody${i}-${Date.now()}@example.com`, password: WRONG },
      });
      statuses.push(answer.status);
    }
    // Five a minute per address (auth.ts); three or four per instance would all have passed.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('limits codes sent to one phone number on both instances together', async () => {
    const phoneNumber = `+1415555${String(Date.now() % 10_000).padStart(4, '0')}`;
    const answers: Answer[] = [];
    for (let i = 0; i < 5; i++) answers.push(await visitor().request('/api/auth/phone-number/send-otp', { json: { phoneNumber } }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expect(
      answers
        .slice(3)
        .map((answer) => answer.servedBy)
        .sort(),
    ).toEqual([0, 1]);
    expect(answers[4]!.json<{ message: string }>().message).toMatch(/^We have sent several codes to this number already/);
  });

  it('runs the upload clean-up once per interval in all, and an image it removes is gone from both', async () => {
    const { member } = await signedInMember();
    const image = (await member.upload(await makePng(64, 64))).json<UploadedImage>();
    await shared.database.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(uploads.id, image.id));
    const goneFromBoth = await within(10_000, async () => {
      const answers = [await member.request(image.urls.page), await member.request(image.urls.page)];
      return answers.every((answer) => answer.status === 404);
    });
    expect(goneFromBoth).toBe(true);

    const runs: JobRun[] = instances
      .flatMap(({ app }) => app.periodicJobs.runs.recent(CLEAN_UP_JOB))
      .filter((run) => run.outcome === 'ok')
      .sort((a, b) => a.startedAt - b.startedAt);
    expect(runs.length).toBeGreaterThan(2);
    // One removal in all, and no run began before the last one ended or an interval after it began.
    expect(runs.reduce((sum, run) => sum + (run.changed ?? 0), 0)).toBe(1);
    for (const [i, run] of runs.entries()) {
      const before = runs[i - 1];
      if (!before) continue;
      expect(run.startedAt).toBeGreaterThanOrEqual(before.finishedAt!);
      expect(run.startedAt - before.startedAt).toBeGreaterThanOrEqual(JOB_EVERY_MS - 1);
    }
  });

  it('delivers a change made through one instance to a live listener on the other', async () => {
    const { member } = await signedInMember();
    const stream = await SseClient.open(`${proxy.url}/api/live?topics=${gameTopic(5)}`, member.headers);
    try {
      expect(stream.response.status).toBe(200);
      const listeningOn = Number(stream.response.headers.get(SERVED_BY_HEADER));
      await new Promise((resolve) => setTimeout(resolve, 300)); // that instance's LISTEN is up
      const play = await member.request('/api/games/5/plays', { json: {} });
      expect(play.status).toBe(200);
      expect(play.servedBy).toBe(1 - listeningOn);
      const [event] = await stream.waitForEvents(1, 3_000);
      expect(JSON.parse(event!.data)).toEqual({
        topic: gameTopic(5),
        payload: { change: 'stats', playCount: play.json<{ playCount: number }>().playCount },
      });
    } finally {
      stream.close();
    }
  });

  it('holds a member’s cap on open live streams on both instances together, and a closed stream’s place is free on either', async () => {
    const { member } = await signedInMember();
    // Each stream from an address of its own: only the member's cap is at work.
    const openStream = () =>
      SseClient.open(`${proxy.url}/api/live?topics=${gameTopic(6)}`, { ...member.headers, 'x-forwarded-for': visitor().address });
    const streams: SseClient[] = [];
    try {
      for (let i = 0; i < LIVE_STREAMS_PER_MEMBER; i++) streams.push(await openStream());
      expect(streams.map((stream) => stream.response.status)).toEqual(Array<number>(LIVE_STREAMS_PER_MEMBER).fill(200));
      expect(new Set(streams.map((stream) => stream.response.headers.get(SERVED_BY_HEADER))).size).toBe(2);
      const refused = [await openStream(), await openStream()];
      // Each instance holds one or two: counted apart, neither would have refused.
      expect(refused.map((stream) => Number(stream.response.headers.get(SERVED_BY_HEADER))).sort()).toEqual([0, 1]);
      for (const stream of refused) {
        expect(stream.response.status).toBe(429);
        expect(await stream.response.json()).toEqual({
          error: { code: 'resource-exhausted', message: expect.stringMatching(/^This account has 3 live connections open already/) },
        });
      }
      streams.shift()!.close();
      const reopened = await within(3_000, async () => {
        const stream = await openStream();
        if (stream.response.status === 200) return streams.push(stream) > 0;
        await stream.response.body?.cancel();
        return false;
      });
      expect(reopened).toBe(true);
      // The place was given back once: the member is at the cap again.
      for (let i = 0; i < 2; i++) expect((await openStream()).response.status).toBe(429);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("shows a member, on either instance, a heart given through the other within a second, though both keep the member's rendered page and hearts", async () => {
    const { member } = await signedUpMember('both');
    const pageFrom = async (instance: number) => (await askInstance(member, instance, '/games')).bytes.toString();
    const { items } = (await member.request('/api/games?page=1&pageSize=24')).json<{ items: { title: string }[] }>();
    const pressed = `aria-label="Remove ${items[0]!.title.replaceAll('&', '&amp;').replaceAll("'", '&#x27;')} from favourites"`;
    const rendered = async () => (await pagesFromBoth(pageFrom)).every((html) => html.includes('id="server-state"'));
    // Each instance renders the member's page once (its renderer may still be warming up) and keeps it.
    expect(await within(20_000, rendered)).toBe(true);
    for (const html of await pagesFromBoth(pageFrom)) expect(html).not.toContain(pressed);
    const id = (await member.request('/api/games?page=1&pageSize=1')).json<{ items: { id: number }[] }>().items[0]!.id;
    const hearted = await member.request(`/api/games/${id}/favourite`, { method: 'PUT' });
    expect(hearted.status).toBe(200);
    // Each instance keeps the member's hearts until the heart's event reaches it (decision 0079): milliseconds.
    const bothHaveIt = async () => (await pagesFromBoth(pageFrom)).every((html) => html.includes(pressed));
    expect(await within(1_000, bothHaveIt)).toBe(true);
  });

  it('leaves a game a member hid through one instance out of their catalogue on the other within a second, though both keep what they hid', async () => {
    const { member } = await signedUpMember('hides');
    const idsOn = async (instance: number) =>
      (await askInstance(member, instance, '/api/games?page=1&pageSize=24'))
        .json<{ items: { id: number }[] }>()
        .items.map((game) => game.id);
    // Both instances now keep what the member hid (nothing yet).
    const [id] = await idsOn(0);
    expect(await idsOn(1)).toContain(id);
    const hidden = await member.request(`/api/games/${id}/not-interested`, { method: 'PUT' });
    expect(hidden.status, hidden.bytes.toString()).toBe(200);
    const goneFromBoth = async () => !(await idsOn(0)).includes(id!) && !(await idsOn(1)).includes(id!);
    expect(await within(1_000, goneFromBoth)).toBe(true);
  });

  it("shows a member's bell, on either instance, a notification and a read made through the other within a second", async () => {
    const { member, userId } = await signedInMember();
    const unreadOn = async (instance: number) =>
      (await askInstance(member, instance, '/api/me')).json<{ unreadNotifications: number }>().unreadNotifications;
    const bothShow = (count: number) => async () => (await unreadOn(0)) === count && (await unreadOn(1)) === count;
    // Both instances now keep the count.
    expect(await bothShow(0)()).toBe(true);
    await shared.database.db.transaction((tx) =>
      notify(tx, userId, { kind: 'test', title: 'Hello', body: 'From one instance', link: '/my-games' }),
    );
    expect(await within(1_000, bothShow(1))).toBe(true);
    expect((await member.request('/api/me/notifications/read-all', { json: {} })).status).toBe(200);
    expect(await within(1_000, bothShow(0))).toBe(true);
  });

  it('shows a visitor, on either instance, a change made through the other within the life of a kept page', async () => {
    const { member } = await signedInMember();
    // Sent without a cookie, as a first visit is: the page kept for every visitor.
    const pageFrom = async (instance: number) => {
      for (;;) {
        const page = await fetch(`${proxy.url}/`);
        const html = await page.text();
        if (Number(page.headers.get(SERVED_BY_HEADER)) === instance) return html;
      }
    };
    // Both instances keep a page for visitors before the change.
    const before = await pagesFromBoth(pageFrom);
    const play = await member.request('/api/games/7/plays', { json: {} });
    expect(play.status).toBe(200);
    const { playCount } = play.json<{ playCount: number }>();
    for (const html of before) expect(trendingPlaysIn(html, '7')).not.toBe(playCount);
    const shownOnBoth = async () => (await pagesFromBoth(pageFrom)).every((html) => trendingPlaysIn(html, '7') === playCount);
    expect(await within(VISITOR_PAGE_CACHE_MS + 500, shownOnBoth)).toBe(true);
  });

  /** A second browser (its own address) signed in to the same account. */
  async function signedInAgain(email: string) {
    const again = visitor();
    expect((await again.request('/api/auth/sign-in/email', { json: { email, password: MEMBER_PASSWORD } })).status).toBe(200);
    return again;
  }

  it('takes one report budget per member on both instances together', async () => {
    const { member, email } = await signedInMember();
    // Two browsers, so that no address reaches its own write limit first.
    const browsers = [member, await signedInAgain(email)];
    const listed = await shared.database.db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.status, 'published'))
      .orderBy(games.id)
      .limit(REPORTS_PER_HOUR_PER_USER + 1);
    const taken = new Set<number>();
    for (let i = 0; i < REPORTS_PER_HOUR_PER_USER; i++) {
      const filed = await browsers[i % 2]!.request('/api/reports', {
        json: { kind: 'game', targetId: String(listed[i]!.id), reason: 'broken' },
      });
      expect(filed.status, filed.bytes.toString()).toBe(201);
      taken.add(filed.servedBy);
    }
    expect([...taken].sort()).toEqual([0, 1]);
    for (const browser of browsers) {
      const refused = await browser.request('/api/reports', {
        json: { kind: 'game', targetId: String(listed[REPORTS_PER_HOUR_PER_USER]!.id), reason: 'broken' },
      });
      expect(refused.status).toBe(429);
      expect(refused.json<{ error: { message: string } }>().error.message).toMatch(/You have sent 10 reports this hour/);
    }
  });

  it("takes a review a moderator removed through one instance off the game's reviews and its page's JSON on the other within a second", async () => {
    const [{ id: gameId }] = (await shared.database.db
      .select({ id: games.id })
      .from(games)
      .where(eq(games.status, 'published'))
      .orderBy(games.id)
      .limit(1)) as [{ id: number }];
    const body = `Spam from the two-instance test ${Date.now()}`;
    const { member: reviewer } = await signedInMember();
    const posted = await reviewer.request(`/api/games/${gameId}/reviews`, { json: { stars: 1, body } });
    expect(posted.status, posted.bytes.toString()).toBe(201);
    const reviewId = posted.json<{ id: number }>().id;
    const { member: reporter } = await signedInMember();
    expect((await reporter.request('/api/reports', { json: { kind: 'review', targetId: String(reviewId), reason: 'spam' } })).status).toBe(
      201,
    );
    const { email } = await signedInMember();
    await shared.database.db.update(users).set({ role: 'moderator' }).where(eq(users.email, email));
    const mod = await signedInAgain(email);

    // A member: the catalogue is theirs (PUBLIC_CATALOGUE is off here).
    const { member: reader } = await signedInMember();
    const shows = async (instance: number) => {
      const reviews = (await askInstance(reader, instance, `/api/games/${gameId}/reviews?pageSize=50`)).json<{ items: { id: number }[] }>();
      const viewer = (await askInstance(reader, instance, `/api/games/${gameId}/viewer?reviews=20`)).json<{
        reviews: { items: { id: number }[] };
      }>();
      return {
        list: reviews.items.some((item) => item.id === reviewId),
        viewer: viewer.reviews.items.some((item) => item.id === reviewId),
      };
    };
    // Both instances show it before the removal.
    for (const instance of [0, 1]) expect(await shows(instance)).toEqual({ list: true, viewer: true });

    const decided = await mod.request(`/api/moderation/reports/review/${reviewId}/decide`, {
      json: { action: 'remove', reason: 'Advertising is not a review.' },
    });
    expect(decided.status, decided.bytes.toString()).toBe(200);
    const other = 1 - decided.servedBy;
    const removedAt = Date.now();
    const gone = async () => {
      const now = await shows(other);
      return !now.list && !now.viewer;
    };
    expect(await within(1_000, gone)).toBe(true);
    expect(Date.now() - removedAt).toBeLessThan(1_500);
  });

  it('checks a game from one instance, not both', async () => {
    const gameId = await insertGame(shared.database.db, {
      slug: `checked-once-${Date.now()}`,
      title: 'Checked Once',
      tagline: 'Checked by one instance',
      description: 'Its address is the stand-in site.',
      imagePath: '/uploads/none.webp',
      imageAlt: 'None',
      releaseDate: '2025-01-01',
      developer: 'Two Instances',
      status: 'published',
      publishedAt: new Date(),
      playUrl: site.url('/ok'),
    });
    const checks = () => shared.database.db.select().from(gameChecks).where(eq(gameChecks.gameId, gameId));
    expect(await within(10_000, async () => (await checks()).length > 0)).toBe(true);
    // Counted since start: the log of recent runs is bounded over all jobs, so it stops growing.
    const runsOf = () => instances.reduce((sum, { app }) => sum + app.periodicJobs.runs.counts('games checked').succeeded, 0);
    const before = runsOf();
    // Several more runs on the two instances together; the game was fetched once in all.
    expect(await within(10_000, () => runsOf() >= before + 4)).toBe(true);
    expect(await checks()).toHaveLength(1);
    expect(site.hits.get('/ok')).toBe(1);
  });
});
