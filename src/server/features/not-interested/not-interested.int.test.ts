import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePageSchema, type GamePage } from '../../../shared/games';
import { homeSchema } from '../../../shared/home';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { completePayload, member, pendingSubmission, put } from '../../../test-support/submission-fixtures';

let t: TestApp;
let moderator: Member;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await member(t, 'moderator', 'Mira Moderator');
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof member>>;
const visitor = () => new HttpClient(t.app);
const remove = (client: HttpClient, url: string) => client.request({ method: 'DELETE', url });

async function catalogue(client: HttpClient, query = ''): Promise<GamePage> {
  const response = await client.get(`/api/games?pageSize=100${query}`);
  expect(response.statusCode).toBe(200);
  return gamePageSchema.parse(response.json());
}
const ids = (page: { items: { id: string }[] }) => page.items.map((game) => Number(game.id));
const hiddenGames = async (who: Member) => (await who.client.get('/api/me/not-interested/games')).json();
const hiddenMakers = async (who: Member) => (await who.client.get('/api/me/not-interested/makers')).json();

async function listGame(maker: Member, title: string): Promise<number> {
  const id = await pendingSubmission(maker.client, completePayload({ title }));
  return (await moderator.client.post(`/api/moderation/submissions/${id}/approve`, {})).json().gameId as number;
}

describe('not interested in a game', () => {
  it('hides it from the catalogue, its counts, search and home for that user alone, and shows it again', async () => {
    const fan = await member(t);
    const before = await catalogue(fan.client, '&sort=newest');
    const game = before.items[0]!;
    const id = Number(game.id);
    const category = game.category;

    expect((await put(fan.client, `/api/games/${id}/not-interested`, {})).json()).toEqual({ hidden: true });

    const after = await catalogue(fan.client, '&sort=newest');
    expect(ids(after)).not.toContain(id);
    expect(after.total).toBe(before.total - 1);
    expect(after.facets.price.free + after.facets.price.paid).toBe(after.total);
    expect(after.facets.category[category]).toBe(before.facets.category[category] - 1);
    const inCategory = await catalogue(fan.client, `&category=${category}`);
    expect(inCategory.total).toBe(before.facets.category[category] - 1);
    expect(ids(inCategory)).not.toContain(id);
    expect(inCategory.facets.price.free + inCategory.facets.price.paid).toBe(inCategory.total);

    const gameCount = async (client: HttpClient) =>
      ((await client.get('/api/categories')).json().items as { slug: string; gameCount: number }[]).find((item) => item.slug === category)!
        .gameCount;
    expect(await gameCount(fan.client)).toBe(before.facets.category[category] - 1);
    expect(await gameCount(visitor())).toBe(before.facets.category[category]);

    const searched = await catalogue(fan.client, `&q=${encodeURIComponent(game.title)}`);
    expect(ids(searched)).not.toContain(id);
    expect(ids(await catalogue(visitor(), `&q=${encodeURIComponent(game.title)}`))).toContain(id);

    const home = homeSchema.parse((await fan.client.get('/api/home')).json());
    for (const section of [home.featured, home.trending, home.newest, home.topRated]) expect(ids({ items: section })).not.toContain(id);
    expect(ids({ items: homeSchema.parse((await visitor().get('/api/home')).json()).newest })).toContain(id);

    const neighbour = before.items.find(
      (other) => other.id !== game.id && other.categories.some((slug) => game.categories.includes(slug)),
    )!;
    const similarForVisitor = (await visitor().get(`/api/games/${neighbour.id}/similar?limit=12`)).json();
    const similarForFan = (await fan.client.get(`/api/games/${neighbour.id}/similar?limit=12`)).json();
    if (ids(similarForVisitor).includes(id)) expect(ids(similarForFan)).not.toContain(id);
    // Still as many as asked for, when there are: the next most alike in its place.
    const fewerForFan = ids((await fan.client.get(`/api/games/${neighbour.id}/similar?limit=11`)).json());
    expect(fewerForFan).toEqual(
      ids(similarForVisitor)
        .filter((other) => other !== id)
        .slice(0, 11),
    );
    expect(ids((await fan.client.get(`/api/games/${neighbour.id}/viewer?similar=12`)).json().similar)).not.toContain(id);

    // Others still see it, and its page stays reachable by its link.
    const forOthers = await catalogue(visitor(), '&sort=newest');
    expect(forOthers.total).toBe(before.total);
    expect(ids(forOthers)).toContain(id);
    expect((await fan.client.get(`/api/games/${id}`)).statusCode).toBe(200);

    expect(await hiddenGames(fan)).toMatchObject({ total: 1, page: 1, items: [{ id: String(id), title: game.title }] });

    expect((await remove(fan.client, `/api/games/${id}/not-interested`)).json()).toEqual({ hidden: false });
    expect(await hiddenGames(fan)).toMatchObject({ total: 0, items: [] });
    const again = await catalogue(fan.client, '&sort=newest');
    expect(again.total).toBe(before.total);
    expect(ids(again)[0]).toBe(id);
  });

  it('is for signed-in users, for listed games, and bad input writes nothing', async () => {
    const fan = await member(t);
    expect((await put(visitor(), '/api/games/1/not-interested', {})).statusCode).toBe(401);
    expect((await visitor().get('/api/me/not-interested/games')).statusCode).toBe(401);
    const unknown = await put(fan.client, '/api/games/999999/not-interested', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No game with id 999999');
    expect((await remove(fan.client, '/api/games/999999/not-interested')).statusCode).toBe(404);
    const bad = await put(fan.client, '/api/games/abc/not-interested', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/id/);
    expect((await fan.client.get('/api/me/not-interested/games?pageSize=500')).statusCode).toBe(400);
    expect(await hiddenGames(fan)).toMatchObject({ total: 0, items: [] });
    expect((await catalogue(fan.client)).total).toBe((await catalogue(visitor())).total);
  });

  it('lists what was hidden a page at a time, the latest first', async () => {
    const fan = await member(t);
    const [first, second, third] = ids(await catalogue(visitor(), '&sort=title'));
    for (const id of [first, second, third]) await put(fan.client, `/api/games/${id}/not-interested`, {});
    const page = (await fan.client.get('/api/me/not-interested/games?pageSize=2')).json();
    expect(page).toMatchObject({ total: 3, pageSize: 2 });
    expect(ids(page)).toEqual([third, second]);
    expect(ids((await fan.client.get('/api/me/not-interested/games?pageSize=2&page=2')).json())).toEqual([first]);
  });
});

describe('not interested in a maker', () => {
  it("hides every game of theirs from lists and the Following feed, and lists them on /account's answer", async () => {
    const maker = await member(t, 'user', 'Hal Hidden');
    const fan = await member(t);
    const gameId = await listGame(maker, `Hushed Orchard ${Date.now()}`);
    await put(fan.client, `/api/makers/${maker.id}/follow`, {});
    const total = (await catalogue(visitor())).total;
    expect(ids((await fan.client.get('/api/me/following/feed')).json())).toEqual([gameId]);

    expect((await put(fan.client, `/api/makers/${maker.id}/not-interested`, {})).json()).toEqual({ hidden: true });
    const after = await catalogue(fan.client);
    expect(after.total).toBe(total - 1);
    expect(ids(after)).not.toContain(gameId);
    expect(after.facets.price.free + after.facets.price.paid).toBe(after.total);
    expect(ids(await catalogue(fan.client, '&q=Hushed%20Orchard'))).toEqual([]);
    expect((await fan.client.get('/api/me/following/feed')).json()).toMatchObject({ total: 0, items: [] });
    expect(await hiddenMakers(fan)).toMatchObject({ total: 1, items: [{ id: maker.id, name: 'Hal Hidden' }] });
    expect(ids(await catalogue(visitor(), '&q=Hushed%20Orchard'))).toEqual([gameId]);

    expect((await remove(fan.client, `/api/makers/${maker.id}/not-interested`)).json()).toEqual({ hidden: false });
    expect(ids(await catalogue(fan.client, '&q=Hushed%20Orchard'))).toEqual([gameId]);
    expect(await hiddenMakers(fan)).toMatchObject({ total: 0 });
  });

  it('refuses yourself, unknown makers and bad ids, writing nothing', async () => {
    const fan = await member(t);
    const self = await put(fan.client, `/api/makers/${fan.id}/not-interested`, {});
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe("You can't hide your own games");
    expect((await put(fan.client, '/api/makers/no-such-maker/not-interested', {})).statusCode).toBe(404);
    expect((await put(fan.client, '/api/makers/not%20an%20id!/not-interested', {})).statusCode).toBe(400);
    expect((await put(visitor(), `/api/makers/${fan.id}/not-interested`, {})).statusCode).toBe(401);
    expect(await hiddenMakers(fan)).toMatchObject({ total: 0, items: [] });
  });
});
