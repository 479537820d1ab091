import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makerWithGame, setBuildStatus, uploadBuild } from '../../../test-support/build-fixtures';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { signUpMember } from '../../../test-support/server/members';
import { makeZip, sampleBuildEntries } from '../../../test-support/zip-writer';
import { favourites, gameFollows, gamePlays, games, makerFollows } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const OUTSIDE_PLAY_URL = 'https://maker.example.com/play';

/** A form posted as a browser posts it from a page of the site. */
const postForm = (client: HttpClient, url: string, body = '', headers: Record<string, string> = {}) =>
  client.request({ method: 'POST', url, payload: body, headers: { ...FORM, ...headers } });

async function member() {
  const { client } = await signUpMember(t.app, { name: 'Form poster' });
  const id = (await client.get('/api/me')).json().user.id as string;
  return { client, id };
}

const playsOf = (gameId: number, userId: string) =>
  t.database.db
    .select()
    .from(gamePlays)
    .where(and(eq(gamePlays.gameId, gameId), eq(gamePlays.userId, userId)));
const isFavourite = async (gameId: number, userId: string) =>
  (
    await t.database.db
      .select()
      .from(favourites)
      .where(and(eq(favourites.gameId, gameId), eq(favourites.userId, userId)))
  ).length === 1;

describe('Play as a form', () => {
  it("counts a member's play once an hour and sends them to the sample game's play page", async () => {
    const { client, id } = await member();
    const first = await postForm(client, '/api/forms/games/2/play');
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/play/knucklewise');
    const again = await postForm(client, '/api/forms/games/2/play');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/play/knucklewise');
    expect(await playsOf(2, id)).toHaveLength(1);
  });

  it("sends the player to a listed game's own outside address, and nowhere the request names", async () => {
    await t.database.db.update(games).set({ playUrl: OUTSIDE_PLAY_URL }).where(eq(games.id, 4));
    const { client, id } = await member();
    const answer = await postForm(
      client,
      '/api/forms/games/4/play?next=https://evil.example/',
      'playUrl=https%3A%2F%2Fevil.example%2F&back=//evil.example',
    );
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(OUTSIDE_PLAY_URL);
    expect(await playsOf(4, id)).toHaveLength(1);
  });

  it("plays a build hosted here in the game's own page: counted, and the answer is the page, playing", async () => {
    const { client, id } = await member();
    const answer = await postForm(client, '/api/forms/games/6/play', 'where=page');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/game-detail?id=6&play=1#player');
    expect(await playsOf(6, id)).toHaveLength(1);
    const wrong = await postForm(client, '/api/forms/games/6/play', 'where=https%3A%2F%2Fevil.example%2F');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/where must be 'page' or 'build'/);
  });

  it('plays a build that needs a tab of its own in one: counted, and the answer is the build itself', async () => {
    const { client, gameId, userId } = await makerWithGame(t);
    await uploadBuild(client, gameId, makeZip(sampleBuildEntries()), {}, { crossOriginIsolated: 'true' });
    await setBuildStatus(t, gameId, 1, 'approved');
    const answer = await postForm(client, `/api/forms/games/${gameId}/play`, 'where=build');
    expect([answer.statusCode, answer.headers.location]).toEqual([303, `http://g${gameId}.games.localhost:3001/${gameId}/1/index.html`]);
    expect(await playsOf(gameId, userId)).toHaveLength(1);
    // A game with no build hosted here plays at its own address, as ever.
    expect((await postForm(client, '/api/forms/games/3/play', 'where=build')).headers.location).toBe('/play/humfield');
  });

  it('lets a visitor play, uncounted, as the scripted button does', async () => {
    const answer = await postForm(new HttpClient(t.app), '/api/forms/games/3/play');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/play/humfield');
  });

  it('refuses a post from another site, counting nothing', async () => {
    const { client, id } = await member();
    const foreign: Record<string, string>[] = [{ origin: 'http://evil.example' }, { origin: 'null', 'sec-fetch-site': 'cross-site' }];
    for (const headers of foreign) {
      const answer = await postForm(client, '/api/forms/games/2/play', '', headers);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.code).toBe('permission-denied');
    }
    expect(await playsOf(2, id)).toHaveLength(0);
  });

  it('changes nothing on a GET: there is no such page', async () => {
    const { client, id } = await member();
    const answer = await client.get('/api/forms/games/2/play');
    expect(answer.statusCode).toBe(404);
    expect(await playsOf(2, id)).toHaveLength(0);
  });

  it('answers 404 for an unknown or unlisted game and 400 for a bad id', async () => {
    const { client } = await member();
    expect((await postForm(client, '/api/forms/games/99999/play')).statusCode).toBe(404);
    expect((await postForm(client, '/api/forms/games/abc/play')).statusCode).toBe(400);
    expect((await postForm(new HttpClient(t.app), '/api/forms/games/99999/play')).statusCode).toBe(404);
  });
});

describe('the heart as a form', () => {
  it('adds and removes a favourite and goes back to the page it came from', async () => {
    const { client, id } = await member();
    const added = await postForm(
      client,
      '/api/forms/games/5/favourite',
      `favourite=true&back=${encodeURIComponent('/games?q=chess&page=2')}`,
    );
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/games?q=chess&page=2');
    expect(await isFavourite(5, id)).toBe(true);
    const removed = await postForm(client, '/api/forms/games/5/favourite', 'favourite=false');
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe('/game-detail?id=5');
    expect(await isFavourite(5, id)).toBe(false);
  });

  it('never sends anyone to another site: a foreign back goes to the game page', async () => {
    const { client } = await member();
    for (const back of ['https://evil.example/', '//evil.example', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)']) {
      const answer = await postForm(client, '/api/forms/games/6/favourite', `favourite=true&back=${encodeURIComponent(back)}`);
      expect(answer.statusCode, back).toBe(303);
      expect(answer.headers.location, back).toBe('/game-detail?id=6');
    }
  });

  it('sends a visitor to sign in first, then back to the page, changing nothing', async () => {
    const answer = await postForm(new HttpClient(t.app), '/api/forms/games/5/favourite', 'favourite=true&back=%2Fgames');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/login?next=%2Fgames');
    expect(await t.database.db.select().from(favourites).where(eq(favourites.gameId, 5))).toEqual([]);
  });

  it('refuses bad input with a message, writing nothing', async () => {
    const { client, id } = await member();
    const cases: [string, string, Record<string, string>?][] = [
      ['/api/forms/games/7/favourite', ''],
      ['/api/forms/games/7/favourite', 'favourite=maybe'],
      ['/api/forms/games/7/favourite', `favourite=true&back=${'/x'.repeat(1100)}`],
      ['/api/forms/games/7/favourite', 'favourite=true&back=%00'],
      ['/api/forms/games/abc/favourite', 'favourite=true'],
    ];
    for (const [url, body] of cases) {
      const answer = await postForm(client, url, body);
      expect(answer.statusCode, body).toBe(400);
      expect(answer.json().error.message, body).toMatch(/\w/);
    }
    expect((await postForm(client, '/api/forms/games/99999/favourite', 'favourite=true')).statusCode).toBe(404);
    expect((await postForm(client, '/api/forms/games/7/favourite', `favourite=true&back=${'a'.repeat(5000)}`)).statusCode).toBe(413);
    expect((await postForm(client, '/api/forms/games/7/favourite', 'favourite=true', { 'content-type': 'text/plain' })).statusCode).toBe(
      400,
    );
    expect(await isFavourite(7, id)).toBe(false);
  });

  it('refuses a post from another site, changing nothing', async () => {
    const { client, id } = await member();
    const answer = await postForm(client, '/api/forms/games/8/favourite', 'favourite=true', { origin: 'http://127.0.0.1:9999' });
    expect(answer.statusCode).toBe(403);
    expect(await isFavourite(8, id)).toBe(false);
    const fromSite = await postForm(client, '/api/forms/games/8/favourite', 'favourite=true', { origin: TEST_BASE_URL });
    expect(fromSite.statusCode).toBe(303);
    expect(await isFavourite(8, id)).toBe(true);
  });
});

describe('Follow as a form', () => {
  const followsGame = async (gameId: number, userId: string) =>
    (
      await t.database.db
        .select()
        .from(gameFollows)
        .where(and(eq(gameFollows.gameId, gameId), eq(gameFollows.followerId, userId)))
    ).length === 1;
  const followsMaker = async (makerId: string, userId: string) =>
    (
      await t.database.db
        .select()
        .from(makerFollows)
        .where(and(eq(makerFollows.makerId, makerId), eq(makerFollows.followerId, userId)))
    ).length === 1;

  it('follows a game and stops, going back to the page it came from', async () => {
    const { client, id } = await member();
    const followed = await postForm(client, '/api/forms/games/5/follow', `follow=true&back=${encodeURIComponent('/game-detail?id=5')}`);
    expect([followed.statusCode, followed.headers.location]).toEqual([303, '/game-detail?id=5']);
    expect(await followsGame(5, id)).toBe(true);
    const stopped = await postForm(client, '/api/forms/games/5/follow', 'follow=false&back=https%3A%2F%2Fevil.example%2F');
    expect([stopped.statusCode, stopped.headers.location]).toEqual([303, '/game-detail?id=5']);
    expect(await followsGame(5, id)).toBe(false);
  });

  it("follows a maker and stops, back to the maker's page by default; never oneself", async () => {
    const follower = await member();
    const maker = await member();
    const followed = await postForm(follower.client, `/api/forms/makers/${maker.id}/follow`, 'follow=true');
    expect([followed.statusCode, followed.headers.location]).toEqual([303, `/profile?id=${maker.id}`]);
    expect(await followsMaker(maker.id, follower.id)).toBe(true);
    expect((await postForm(follower.client, `/api/forms/makers/${maker.id}/follow`, 'follow=false')).statusCode).toBe(303);
    expect(await followsMaker(maker.id, follower.id)).toBe(false);
    const self = await postForm(maker.client, `/api/forms/makers/${maker.id}/follow`, 'follow=true');
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe("You can't follow yourself");
  });

  it('sends a visitor to sign in first, then back, following nothing', async () => {
    const answer = await postForm(new HttpClient(t.app), '/api/forms/games/5/follow', 'follow=true&back=%2Fgame-detail%3Fid%3D5');
    expect([answer.statusCode, answer.headers.location]).toEqual([303, '/login?next=%2Fgame-detail%3Fid%3D5']);
    expect(await t.database.db.select().from(gameFollows).where(eq(gameFollows.gameId, 5))).toEqual([]);
  });

  it('refuses bad input and other sites, following nothing', async () => {
    const { client, id } = await member();
    for (const [url, body] of [
      ['/api/forms/games/9/follow', ''],
      ['/api/forms/games/9/follow', 'follow=yes'],
      ['/api/forms/games/abc/follow', 'follow=true'],
      ['/api/forms/makers/not%20an%20id/follow', 'follow=true'],
    ]) {
      const answer = await postForm(client, url!, body);
      expect(answer.statusCode, `${url} ${body}`).toBe(400);
      expect(answer.json().error.message, body).toMatch(/\w/);
    }
    expect((await postForm(client, '/api/forms/games/99999/follow', 'follow=true')).statusCode).toBe(404);
    expect((await postForm(client, '/api/forms/makers/nobody/follow', 'follow=true')).statusCode).toBe(404);
    expect((await postForm(client, '/api/forms/games/9/follow', 'follow=true', { origin: 'http://evil.example' })).statusCode).toBe(403);
    expect(await followsGame(9, id)).toBe(false);
  });
});
