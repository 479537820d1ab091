import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../../test-support/server/app';
import { signUpMember } from '../../../test-support/server/members';
import { pageTags, webDistWithIndex } from '../../../test-support/server/page-tags';
import { listenOnLoopback } from '../../../test-support/server/sse-client';
import { documents, games, users } from '../../db/schema';

let t: TestApp;
let origin: string;
let removeDist: () => Promise<void>;
let unlistedId: number;
let listed: { id: number; title: string; tagline: string; imagePath: string };

/** Fetches a page's raw HTML as a link unfurler does: no cookies, no scripts run. */
async function unfurl(path: string) {
  const response = await fetch(`${origin}${path}`, {
    headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' },
  });
  expect(response.headers.get('content-type')).toContain('text/html');
  return { status: response.status, ...pageTags(await response.text()) };
}

async function putList(id: string, data: Record<string, unknown>) {
  await t.database.db
    .insert(documents)
    .values({ path: `lists/${id}`, collection: 'lists', documentId: id, data, sizeBytes: 100 })
    .onConflictDoUpdate({ target: documents.path, set: { data } });
}

beforeAll(async () => {
  const dist = await webDistWithIndex();
  removeDist = dist.remove;
  t = await createTestApp({ webDist: dist.webDist });
  origin = await listenOnLoopback(t.app);
  const [first, second] = await t.database.db.select().from(games).where(eq(games.status, 'published')).orderBy(games.id).limit(2);
  listed = first!;
  await t.database.db.update(games).set({ status: 'draft' }).where(eq(games.id, second!.id));
  unlistedId = second!.id;
});
afterAll(async () => {
  await t.close();
  await removeDist();
});

const generic = {
  title: 'GameSource',
  'og:title': 'GameSource',
  'og:site_name': 'GameSource',
  'og:description': expect.stringContaining('catalogue of games built around AI'),
  'twitter:card': 'summary',
};

describe('link previews in the served HTML, without signing in', () => {
  it("a game page carries the game's title, description, canonical address, cover and feeds", async () => {
    for (const path of [`/game-detail?id=${listed.id}`, `/gamedetail?id=${listed.id}`]) {
      const page = await unfurl(path);
      expect(page.status).toBe(200);
      expect(page.title).toBe(`${listed.title} · GameSource`);
      expect(page.canonical).toBe(`${TEST_BASE_URL}/game-detail?id=${listed.id}`);
      expect(page.meta).toMatchObject({
        description: listed.tagline,
        'og:title': listed.title,
        'og:description': listed.tagline,
        'og:site_name': 'GameSource',
        'og:url': `${TEST_BASE_URL}/game-detail?id=${listed.id}`,
        'og:image': `${TEST_BASE_URL}${listed.imagePath}`,
        'twitter:card': 'summary_large_image',
        'twitter:title': listed.title,
        'twitter:image': `${TEST_BASE_URL}${listed.imagePath}`,
      });
      expect(page.feeds).toContainEqual({
        title: `Reviews of ${listed.title}`,
        href: `${TEST_BASE_URL}/feeds/games/${listed.id}/reviews.atom`,
      });
      // The default mode puts no game facts in the page body: the screen itself stays guarded.
      expect(page.body).not.toContain('data-prerendered');
    }
  });

  it('an uploaded cover is shared at its 1280-pixel size', async () => {
    await t.database.db.update(games).set({ imagePath: '/uploads/abcdefghij0123-1280.webp' }).where(eq(games.id, listed.id));
    try {
      expect((await unfurl(`/game-detail?id=${listed.id}`)).meta['og:image']).toBe(`${TEST_BASE_URL}/uploads/abcdefghij0123-1280.webp`);
    } finally {
      await t.database.db.update(games).set({ imagePath: listed.imagePath }).where(eq(games.id, listed.id));
    }
  });

  it.each([
    ['an unlisted game', () => `/game-detail?id=${unlistedId}`],
    ['an unknown game', () => '/game-detail?id=999999'],
    ['a malformed id', () => '/game-detail?id=abc'],
    ['no id', () => '/game-detail'],
    ['a private list', () => '/list?id=private-one'],
    ['an unknown list', () => '/list?id=nope'],
    ['an unknown profile', () => '/profile?id=nobody-here'],
  ])('%s gets the generic tags', async (_, path) => {
    await putList('private-one', { ownerId: 'someone', name: 'My secret wishlist', public: false, games: [] });
    const page = await unfurl(path());
    expect(page.status).toBe(200);
    expect({ title: page.title, ...page.meta }).toMatchObject(generic);
    expect(page.head).not.toContain('secret wishlist');
    expect(page.meta['og:image']).toBeUndefined();
  });

  it('a public list carries its name and description', async () => {
    await putList('cozy-npcs', {
      ownerId: 'someone',
      name: 'Cozy AI companions',
      description: 'Games whose companions remember you.',
      public: true,
      games: [],
    });
    const list = await unfurl('/list?id=cozy-npcs');
    expect(list.title).toBe('Cozy AI companions · GameSource');
    expect(list.meta).toMatchObject({ 'og:title': 'Cozy AI companions', 'og:description': 'Games whose companions remember you.' });
    expect(list.canonical).toBe(`${TEST_BASE_URL}/list?id=cozy-npcs`);
  });

  it("a profile carries the person's name and bio and a feed of their games; a banned member's is generic", async () => {
    const { client } = await signUpMember(t.app, { name: 'Ada Maker' });
    const me = (await client.get('/api/me')).json() as { user: { id: string } };
    const saved = await client.request({
      method: 'PUT',
      url: '/api/me/profile',
      payload: { name: 'Ada Maker', image: null, bio: 'I make talking puzzles.', website: '', latitude: null, longitude: null, links: [] },
    });
    expect(saved.statusCode).toBe(200);
    const page = await unfurl(`/profile?id=${me.user.id}`);
    expect(page.title).toBe('Ada Maker · GameSource');
    expect(page.meta).toMatchObject({ 'og:title': 'Ada Maker', 'og:description': 'I make talking puzzles.', 'og:type': 'profile' });
    expect(page.feeds).toContainEqual({ title: 'Games by Ada Maker', href: `${TEST_BASE_URL}/feeds/makers/${me.user.id}.atom` });
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, me.user.id));
    const banned = await unfurl(`/profile?id=${me.user.id}`);
    expect(banned.title).toBe('GameSource');
    expect(banned.head).not.toContain('Ada Maker');
  });

  it('the games page names its search or category in the title, and links the category feed', async () => {
    expect((await unfurl('/games')).title).toBe('Games · GameSource');
    const category = await unfurl('/games?category=puzzle&sort=newest');
    expect(category.title).toBe('puzzle games · GameSource');
    expect(category.canonical).toBe(`${TEST_BASE_URL}/games?category=puzzle`);
    expect(category.feeds).toContainEqual({ title: 'Newest puzzle games', href: `${TEST_BASE_URL}/feeds/categories/puzzle.atom` });
    expect((await unfurl('/games?q=detective')).title).toBe('“detective” in games · GameSource');
  });

  it('public pages have their own titles and the newest-games feed', async () => {
    const about = await unfurl('/about');
    expect(about.title).toBe('About · GameSource');
    expect(about.canonical).toBe(`${TEST_BASE_URL}/about`);
    expect(about.feeds).toContainEqual({ title: 'Newest games on GameSource', href: `${TEST_BASE_URL}/feeds/games.atom` });
    expect((await unfurl('/')).title).toBe('GameSource');
    const lists = await unfurl('/public-lists?order=most-games');
    expect(lists.title).toBe('Public lists · GameSource');
    expect(lists.canonical).toBe(`${TEST_BASE_URL}/public-lists`);
    expect(lists.meta['og:description']).toContain('made and shared by GameSource members');
  });

  it('an unknown path answers 404 with the generic tags', async () => {
    const page = await unfurl('/nowhere');
    expect(page.status).toBe(404);
    expect(page.title).toBe('GameSource');
    const elsewhere = await unfurl('//elsewhere.example/x');
    expect(elsewhere.canonical?.startsWith(`${TEST_BASE_URL}/`)).toBe(true);
  });
});
