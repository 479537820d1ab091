import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleValue } from '../../test-support/prometheus-text';
import { buildTestApp, createTestApp, testConfig, type TestApp } from '../../test-support/server/app';
import type { HttpClient } from '../../test-support/server/http-client';
import { signUpMember } from '../../test-support/server/members';
import { withoutLiveCursor } from '../../test-support/server/rendered-page';
import { within } from '../../test-support/within';

// A first screen rendered on a render thread (render-threads.ts) is the page the main thread
// renders from the same answers: two instances on one database, one rendering on its main thread,
// the other on a thread, send a member the same document.
let onMain: TestApp;
let threaded: FastifyInstance;
let member: HttpClient;
let gameIds: number[];

beforeAll(async () => {
  onMain = await createTestApp();
  threaded = await buildTestApp({ config: testConfig({ RENDER_THREADS: '1' }), database: onMain.database });
  ({ client: member } = await signUpMember(onMain.app, { name: 'Ada Lantern' }));
  expect((await member.post('/api/me/signup', { username: 'ada-lantern', acceptTerms: true })).statusCode).toBe(200);
  const { items } = (await member.get('/api/games?page=1&pageSize=24')).json<{ items: { id: number }[] }>();
  gameIds = items.map((game) => game.id);
}, 60_000);
afterAll(async () => {
  await threaded.close();
  await onMain.close();
});

const threadRenders = async () => sampleValue((await threaded.inject('/metrics')).body, 'gamesource_thread_renders_total') ?? 0;

/** The member's document, without where the instance's live events stood (each instance's own). */
async function documentOf(app: FastifyInstance, url: string) {
  const response = await app.inject({ url, headers: { cookie: member.cookieHeader, accept: 'text/html' } });
  return withoutLiveCursor(response.body);
}

describe('a first screen rendered on a render thread', () => {
  it("is the member's game page the main thread renders, byte for byte", async () => {
    // The thread loads the renderer as the first pages are asked for; the main thread renders those.
    const warming = gameIds.slice(0, 12);
    const started = await within(30_000, async () => {
      const id = warming.shift();
      if (id !== undefined) await documentOf(threaded, `/game-detail?id=${id}`);
      return (await threadRenders()) > 0;
    });
    expect(started).toBe(true);

    for (const id of gameIds.slice(12, 15)) {
      const before = await threadRenders();
      const fromMain = await documentOf(onMain.app, `/game-detail?id=${id}`);
      const fromThread = await documentOf(threaded, `/game-detail?id=${id}`);
      expect(await threadRenders()).toBe(before + 1);
      expect(fromMain).toContain('id="server-state"');
      expect(fromThread).toBe(fromMain);
    }
  });
});
