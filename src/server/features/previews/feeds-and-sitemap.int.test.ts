import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { signUpMember } from '../../../test-support/server/members';
import { documents, games } from '../../db/schema';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['entry', 'link', 'url', 'author', 'category'].includes(name),
});

interface AtomLink {
  '@href': string;
  '@rel'?: string;
}
/** An Atom text construct: plain, or with a type attribute (`<title type="html">`). */
type AtomText = string | { '#text': string; '@type': string };
const text = (value: AtomText | undefined) => (typeof value === 'object' ? value['#text'] : String(value ?? ''));

interface AtomEntry {
  id: string;
  title: AtomText;
  updated: string;
  link: AtomLink[];
  summary?: AtomText;
  author?: { name: string }[];
}
interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  link: AtomLink[];
  entry?: AtomEntry[];
}

let t: TestApp;
let visitor: HttpClient;
let unlisted: { id: number; title: string };

/** Fetches a feed as a reader does and checks what RFC 4287 requires of it and of every entry. */
async function atomFeed(url: string): Promise<AtomFeed> {
  const response = await visitor.get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  expect(response.headers['cache-control']).toBe('public, no-cache');
  const { feed } = parser.parse(response.body) as { feed: AtomFeed & { '@xmlns': string } };
  expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
  expect(feed.id).toMatch(/^http/);
  expect(feed.title).toBeTruthy();
  expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
  expect(feed.link.find((link) => link['@rel'] === 'self')?.['@href']).toBe(`${TEST_BASE_URL}${url}`);
  for (const entry of feed.entry ?? []) {
    expect(entry.id).toMatch(/^http/);
    expect(text(entry.title)).toBeTruthy();
    expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
    expect(entry.link[0]?.['@href']).toMatch(new RegExp(`^${TEST_BASE_URL}/game-detail\\?id=\\d+`));
    // Atom needs an author on each entry or on the feed.
    expect(entry.author?.[0]?.name).toBeTruthy();
  }
  return feed;
}

const titles = (feed: AtomFeed) => (feed.entry ?? []).map((entry) => text(entry.title));

beforeAll(async () => {
  t = await createTestApp();
  visitor = new HttpClient(t.app, '10.251.0.1');
  const [game] = await t.database.db
    .select({ id: games.id, title: games.title })
    .from(games)
    .where(eq(games.status, 'published'))
    .orderBy(games.id)
    .limit(1);
  await t.database.db.update(games).set({ status: 'draft' }).where(eq(games.id, game!.id));
  unlisted = game!;
});
afterAll(() => t.close());

describe('Atom feeds', () => {
  it('newest games: the listed games, newest first, never an unlisted one', async () => {
    const feed = await atomFeed('/feeds/games.atom');
    const listed = await t.database.db.select({ title: games.title }).from(games).where(eq(games.status, 'published'));
    expect(titles(feed).sort()).toEqual(listed.map((game) => game.title).sort());
    expect(titles(feed)).not.toContain(unlisted.title);
  });

  it('per category: only games in it', async () => {
    const feed = await atomFeed('/feeds/categories/puzzle.atom');
    expect(feed.title).toBe('Newest puzzle games on GameSource');
    const page = (await visitor.get('/api/games?category=puzzle&sort=newest&pageSize=48')).json() as { items: { title: string }[] };
    expect(titles(feed)).toEqual(page.items.map((game) => game.title));
    expect((await visitor.get('/feeds/categories/nonsense.atom')).statusCode).toBe(400);
    expect((await visitor.get('/feeds/categories/puzzle.rss')).statusCode).toBe(400);
  });

  it("a game's reviews, by their authors; 404 for a game that is not listed", async () => {
    const { client } = await signUpMember(t.app, { name: 'Rin Reviewer' });
    const [game] = await t.database.db
      .select({ id: games.id, title: games.title })
      .from(games)
      .where(eq(games.status, 'published'))
      .limit(1);
    expect((await client.post(`/api/games/${game!.id}/reviews`, { stars: 4, body: 'The barkeep remembered my name.' })).statusCode).toBe(
      201,
    );
    const feed = await atomFeed(`/feeds/games/${game!.id}/reviews.atom`);
    expect(feed.title).toBe(`Reviews of ${game!.title} on GameSource`);
    expect(text(feed.entry?.[0]?.title)).toBe(`4 out of 5 stars for ${game!.title}`);
    expect(feed.entry?.[0]?.author).toEqual([{ name: 'Rin Reviewer' }]);
    expect(text(feed.entry?.[0]?.summary)).toContain('The barkeep remembered my name.');
    expect((await visitor.get(`/feeds/games/${unlisted.id}/reviews.atom`)).statusCode).toBe(404);
    expect((await visitor.get('/feeds/games/abc/reviews.atom')).statusCode).toBe(400);
  });

  it('asks shared caches to check again every time: unchanged, 304; after a review is deleted, the new feed', async () => {
    const { client } = await signUpMember(t.app, { name: 'Dee Deleter' });
    const [game] = await t.database.db.select({ id: games.id }).from(games).where(eq(games.status, 'published')).orderBy(games.id).limit(2);
    const url = `/feeds/games/${game!.id}/reviews.atom`;
    const review = await client.post(`/api/games/${game!.id}/reviews`, { stars: 1, body: 'Written in haste, deleted at leisure.' });
    expect(review.statusCode).toBe(201);
    const first = await visitor.get(url);
    expect(first.body).toContain('Written in haste');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await client.request({ method: 'DELETE', url: `/api/reviews/${review.json().id}` })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain('Written in haste');
    expect(after.headers.etag).not.toBe(etag);
  });

  it("a maker's listed games; 404 for someone unknown", async () => {
    const { client } = await signUpMember(t.app, { name: 'Maker Mo' });
    const me = (await client.get('/api/me')).json() as { user: { id: string } };
    const [game] = await t.database.db
      .select({ id: games.id, title: games.title })
      .from(games)
      .where(eq(games.status, 'published'))
      .limit(1);
    await t.database.db.update(games).set({ ownerId: me.user.id }).where(eq(games.id, game!.id));
    const feed = await atomFeed(`/feeds/makers/${me.user.id}.atom`);
    expect(feed.title).toBe('Games by Maker Mo on GameSource');
    expect(titles(feed)).toEqual([game!.title]);
    expect((await visitor.get('/feeds/makers/nobody-at-all.atom')).statusCode).toBe(404);
    expect((await visitor.get('/feeds/makers/a%20b.atom')).statusCode).toBe(400);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the public pages, public lists and makers, but no game while the catalogue is guarded', async () => {
    await t.database.db.insert(documents).values([
      {
        path: 'lists/open-list',
        collection: 'lists',
        documentId: 'open-list',
        data: { ownerId: 'x', name: 'Open', public: true, games: [] },
        sizeBytes: 10,
      },
      {
        path: 'lists/hidden-list',
        collection: 'lists',
        documentId: 'hidden-list',
        data: { ownerId: 'x', name: 'Hidden', public: false, games: [] },
        sizeBytes: 10,
      },
    ]);
    const response = await visitor.get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const { urlset } = parser.parse(response.body) as { urlset: { url: { loc: string }[] } };
    const locations = urlset.url.map((url) => url.loc);
    expect(locations).toEqual(
      expect.arrayContaining([
        `${TEST_BASE_URL}/`,
        `${TEST_BASE_URL}/about`,
        `${TEST_BASE_URL}/public-lists`,
        `${TEST_BASE_URL}/list?id=open-list`,
      ]),
    );
    expect(locations).not.toContain(`${TEST_BASE_URL}/list?id=hidden-list`);
    expect(locations.some((url) => url.includes('/game-detail'))).toBe(false);
  });

  it('robots.txt points to the sitemap and keeps crawlers out of the API', async () => {
    const response = await visitor.get('/robots.txt');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain(`Sitemap: ${TEST_BASE_URL}/sitemap.xml`);
    expect(response.body).toContain('Disallow: /api/');
  });
});
