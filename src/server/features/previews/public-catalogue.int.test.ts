import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { pageTags, webDistWithIndex } from '../../../test-support/server/page-tags';
import { games } from '../../db/schema';

let t: TestApp;
let visitor: HttpClient;
let removeDist: () => Promise<void>;
let listed: { id: number; title: string; developer: string };
let unlistedId: number;

beforeAll(async () => {
  const dist = await webDistWithIndex();
  removeDist = dist.remove;
  t = await createTestApp({ webDist: dist.webDist, env: { PUBLIC_CATALOGUE: 'true' } });
  visitor = new HttpClient(t.app, '10.253.0.1');
  const [first, second] = await t.database.db
    .select({ id: games.id, title: games.title, developer: games.developer })
    .from(games)
    .where(eq(games.status, 'published'))
    .orderBy(games.id)
    .limit(2);
  listed = first!;
  unlistedId = second!.id;
  await t.database.db.update(games).set({ status: 'draft' }).where(eq(games.id, unlistedId));
});
afterAll(async () => {
  await t.close();
  await removeDist();
});

describe('PUBLIC_CATALOGUE=true', () => {
  it("a game page's HTML carries the game's facts as text, in place of the loading message", async () => {
    const { body, head } = pageTags((await visitor.get(`/game-detail?id=${listed.id}`)).body);
    expect(head).toContain('<meta name="gamesource:catalogue" content="public">');
    const prerendered = /<article data-prerendered="game">(.*?)<\/article>/.exec(body)?.[1];
    expect(prerendered).toContain(`<h1>${listed.title}</h1>`);
    expect(prerendered).toContain(`<dt>Developer</dt><dd>${listed.developer}</dd>`);
  });

  it('an unlisted game reveals nothing, in tags or text', async () => {
    const { body, title } = pageTags((await visitor.get(`/game-detail?id=${unlistedId}`)).body);
    expect(title).toBe('GameSource');
    expect(body).not.toContain('data-prerendered');
  });

  it('the sitemap lists every listed game and the catalogue pages, never an unlisted one', async () => {
    const sitemap = (await visitor.get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${TEST_BASE_URL}/game-detail?id=${listed.id}</loc>`);
    expect(sitemap).toContain(`<loc>${TEST_BASE_URL}/games</loc>`);
    expect(sitemap).not.toContain(`<loc>${TEST_BASE_URL}/game-detail?id=${unlistedId}</loc>`);
    const listedCount = (await t.database.db.select({ id: games.id }).from(games).where(eq(games.status, 'published'))).length;
    expect(sitemap.match(/\/game-detail\?id=/g)).toHaveLength(listedCount);
  });

  it('actions still need an account: counting a play answers 401 to a visitor', async () => {
    const response = await visitor.post(`/api/games/${listed.id}/plays`);
    expect(response.statusCode).toBe(401);
  });
});

describe('by default', () => {
  it('pages carry no public-catalogue flag and no prerendered facts', async () => {
    const dist = await webDistWithIndex();
    const guarded = await createTestApp({ webDist: dist.webDist });
    try {
      const { head, body } = pageTags((await new HttpClient(guarded.app, '10.253.0.2').get(`/game-detail?id=${listed.id}`)).body);
      expect(head).not.toContain('gamesource:catalogue');
      expect(body).not.toContain('data-prerendered');
      expect(head).toContain('<meta property="og:title"');
    } finally {
      await guarded.close();
      await dist.remove();
    }
  });
});
