import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/server/app';
import { HttpClient } from '../../test-support/server/http-client';
import { pageTags, webDistWithIndex } from '../../test-support/server/page-tags';
import { documents, games } from '../db/schema';

/** What a maker, a list owner or a searcher controls, written to break out of the tag it lands in. */
const HOSTILE = `</title><script>alert(1)</script>"><img src=x onerror=alert(2)>'&amp;`;

let t: TestApp;
let visitor: HttpClient;
let removeDist: () => Promise<void>;
let gameId: number;

beforeAll(async () => {
  const dist = await webDistWithIndex();
  removeDist = dist.remove;
  t = await createTestApp({ webDist: dist.webDist, env: { PUBLIC_CATALOGUE: 'true' } });
  visitor = new HttpClient(t.app, '10.252.0.1');
  const [game] = await t.database.db.select({ id: games.id }).from(games).where(eq(games.status, 'published')).limit(1);
  gameId = game!.id;
  await t.database.db
    .update(games)
    .set({ title: HOSTILE, tagline: HOSTILE, description: HOSTILE, developer: HOSTILE, imageAlt: HOSTILE })
    .where(eq(games.id, gameId));
  await t.database.db.insert(documents).values({
    path: 'lists/hostile',
    collection: 'lists',
    documentId: 'hostile',
    data: { ownerId: 'x', name: HOSTILE, description: HOSTILE, public: true, games: [] },
    sizeBytes: 10,
  });
});
afterAll(async () => {
  await t.close();
  await removeDist();
});

/** The page's only elements are the template's own: nothing the attacker wrote became a tag or an attribute. */
function expectInert(html: string) {
  expect(html).not.toContain('<script>alert');
  expect(html).not.toContain('<img src=x');
  expect(html).not.toMatch(/"\s*onerror=/);
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html.match(/<\/title>/g)).toHaveLength(1);
}

describe('text from makers, list owners and searchers stays text in the served HTML', () => {
  it.each([
    ['a game page (with its prerendered facts)', () => `/game-detail?id=${gameId}`],
    ['a public list', () => '/list?id=hostile'],
    ['a search', () => `/games?q=${encodeURIComponent(HOSTILE.slice(0, 60))}`],
  ])('%s', async (_, path) => {
    const response = await visitor.get(path());
    expect(response.statusCode).toBe(200);
    expectInert(response.body);
    const tags = pageTags(response.body);
    expect(tags.meta['og:title']).toContain('</title><script>');
  });

  it('the game page shows the hostile title as text, both in the title and in the prerendered facts', async () => {
    const { title, body } = pageTags((await visitor.get(`/game-detail?id=${gameId}`)).body);
    expect(title).toBe(`${HOSTILE} · GameSource`);
    expect(body).toContain(
      '<h1>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;&#39;&amp;amp;</h1>',
    );
  });

  it('feeds carry the hostile title as escaped HTML (what type="html" asks for) in well-formed XML', async () => {
    for (const url of ['/feeds/games.atom', `/feeds/games/${gameId}/reviews.atom`]) {
      const response = await visitor.get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<script>');
      expect(response.body).not.toContain('<img src=x');
    }
    const response = await visitor.get('/feeds/games.atom');
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(response.body) as { feed: { entry: { title: { '#text': string } }[] } };
    expect(parsed.feed.entry.map((entry) => entry.title['#text'])).toContain(
      '&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;&#39;&amp;amp;',
    );
  });
});
