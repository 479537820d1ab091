import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIO_MAX_LENGTH, MAX_FAVOURITE_CATEGORIES } from '../../../shared/profiles';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { MEMBER_PASSWORD, signUpMember } from '../../../test-support/server/members';
import { games, reviews, uploads } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (client: HttpClient, url: string, payload: unknown) => client.request({ method: 'PUT', url, payload: payload as object });

async function member(name = 'Member') {
  const { client, email } = await signUpMember(t.app, { name });
  const id = (await client.get('/api/me')).json().user.id as string;
  return { client, email, id };
}

const favouritesOf = async (client: HttpClient) => (await client.get('/api/me/favourite-categories')).json();

describe('favourite categories', () => {
  it('start empty and keep the order they were picked in', async () => {
    const { client } = await member();
    expect(await favouritesOf(client)).toEqual({ categories: [] });
    const saved = await put(client, '/api/me/favourite-categories', { categories: ['rpg', 'puzzle', 'music'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ categories: ['rpg', 'puzzle', 'music'] });
    expect(await favouritesOf(client)).toEqual({ categories: ['rpg', 'puzzle', 'music'] });

    await put(client, '/api/me/favourite-categories', { categories: ['music', 'rpg'] });
    expect(await favouritesOf(client)).toEqual({ categories: ['music', 'rpg'] });
    await put(client, '/api/me/favourite-categories', { categories: [] });
    expect(await favouritesOf(client)).toEqual({ categories: [] });
  });

  it.each([
    [{ categories: ['rpg', 'not-a-category'] }, "Unknown category 'not-a-category'"],
    [{ categories: ['rpg', 'puzzle', 'rpg'] }, 'Pick each category only once'],
    [
      { categories: ['rpg', 'puzzle', 'music', 'racing', 'pixel', 'fantasy'] },
      `Pick at most ${MAX_FAVOURITE_CATEGORIES} favourite categories`,
    ],
    [{ categories: 'rpg' }, 'categories must be a list of category slugs'],
    [{}, 'categories must be a list of category slugs'],
  ])('refuses %j with 400 and keeps the saved ones', async (body, message) => {
    const { client } = await member();
    await put(client, '/api/me/favourite-categories', { categories: ['adventure'] });
    const response = await put(client, '/api/me/favourite-categories', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'invalid-argument', message: expect.stringContaining(message) });
    expect(await favouritesOf(client)).toEqual({ categories: ['adventure'] });
  });

  it('need a signed-in user', async () => {
    const anonymous = new HttpClient(t.app);
    expect((await anonymous.get('/api/me/favourite-categories')).statusCode).toBe(401);
    const response = await put(anonymous, '/api/me/favourite-categories', { categories: ['rpg'] });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it("are each user's own: one user cannot read or change another's", async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    await put(alice.client, '/api/me/favourite-categories', { categories: ['strategy'] });
    await put(bob.client, '/api/me/favourite-categories', { categories: ['racing', 'sports'] });
    expect(await favouritesOf(alice.client)).toEqual({ categories: ['strategy'] });
    // There is no address for someone else's choice: only /me.
    const attempt = await put(bob.client, `/api/users/${alice.id}/favourite-categories`, { categories: ['racing'] });
    expect(attempt.statusCode).toBe(404);
    expect(await favouritesOf(alice.client)).toEqual({ categories: ['strategy'] });
  });
});

describe('onboarding step', () => {
  const stepOf = async (client: HttpClient) => (await client.get('/api/me/onboarding')).json().step as string;

  it('starts at the welcome, is saved as the user moves on and is resumed from any session', async () => {
    const { client, email } = await member();
    expect(await stepOf(client)).toBe('welcome');
    expect((await put(client, '/api/me/onboarding', { step: 'categories' })).json()).toEqual({ step: 'categories' });

    const elsewhere = new HttpClient(t.app, '10.250.0.1');
    await elsewhere.post('/api/auth/sign-in/email', { email, password: MEMBER_PASSWORD });
    expect(await stepOf(elsewhere)).toBe('categories');
  });

  it('lets every step be skipped, and gone back to', async () => {
    const { client } = await member();
    await put(client, '/api/me/onboarding', { step: 'profile' }); // skipped the categories
    expect(await stepOf(client)).toBe('profile');
    await put(client, '/api/me/onboarding', { step: 'done' }); // skipped the profile
    expect(await stepOf(client)).toBe('done');
    await put(client, '/api/me/onboarding', { step: 'categories' });
    expect(await stepOf(client)).toBe('categories');
  });

  it('refuses an unknown step and needs a signed-in user', async () => {
    const { client } = await member();
    const bad = await put(client, '/api/me/onboarding', { step: 'finished' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('step must be one of welcome, categories, profile, done');
    expect(await stepOf(client)).toBe('welcome');
    expect((await new HttpClient(t.app).get('/api/me/onboarding')).statusCode).toBe(401);
    expect((await put(new HttpClient(t.app), '/api/me/onboarding', { step: 'done' })).statusCode).toBe(401);
  });
});

const goodProfile = {
  name: 'Robin Maker',
  image: null,
  bio: 'I make games where the villagers remember you.',
  website: 'https://robin.example',
  latitude: 51.5072,
  longitude: -0.1276,
  links: ['https://github.com/robin', 'http://robin.example/blog'],
};

describe('profile setup', () => {
  it('saves every field and answers with the profile', async () => {
    const { client, id } = await member();
    const saved = await put(client, '/api/me/profile', goodProfile);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ id, ...goodProfile });
    expect((await client.get('/api/me/profile')).json()).toEqual({ id, ...goodProfile });
    expect((await client.get('/api/me')).json().user.name).toBe('Robin Maker');
  });

  it('accepts the edges of the ranges and empty optional fields', async () => {
    const { client } = await member();
    const edges = { ...goodProfile, bio: 'b'.repeat(BIO_MAX_LENGTH), latitude: -90, longitude: 180, website: '', links: [] };
    expect((await put(client, '/api/me/profile', edges)).statusCode).toBe(200);
    const noPlace = { ...goodProfile, latitude: null, longitude: null };
    expect((await put(client, '/api/me/profile', noPlace)).json()).toMatchObject({ latitude: null, longitude: null });
  });

  it.each([
    ['bio', { bio: 'b'.repeat(BIO_MAX_LENGTH + 1) }, 'Keep your bio to 280 characters or fewer'],
    ['name', { name: '   ' }, 'Enter your name'],
    ['website', { website: 'robin.example' }, 'Website must be a web address starting with https:// or http://'],
    ['website', { website: 'javascript:alert(1)' }, 'Website must be a web address starting with https:// or http://'],
    ['website', { website: 'ftp://robin.example' }, 'Website must be a web address starting with https:// or http://'],
    ['latitude', { latitude: 90.0001 }, 'Latitude must be from -90 to 90'],
    ['latitude', { latitude: -90.5 }, 'Latitude must be from -90 to 90'],
    ['longitude', { longitude: -180.5 }, 'Longitude must be from -180 to 180'],
    ['longitude', { longitude: 181 }, 'Longitude must be from -180 to 180'],
    ['latitude', { latitude: 'north' }, 'Latitude must be a number'],
    ['longitude', { longitude: '12' }, 'Longitude must be a number'],
    ['latitude', { latitude: null }, 'Give both a latitude and a longitude, or neither'],
    ['links', { links: ['not a url'] }, 'Each link must be a web address starting with https:// or http://'],
    ['links', { links: Array.from({ length: 6 }, (_, n) => `https://robin.example/${n}`) }, 'Add at most 5 links'],
    ['image', { image: 'https://elsewhere.example/face.png' }, 'The picture must be an image you uploaded'],
  ])('refuses a bad %s (%j) with its message and writes nothing', async (_field, change, message) => {
    const { client, id } = await member('Before');
    await put(client, '/api/me/profile', { ...goodProfile, name: 'Before' });
    const response = await put(client, '/api/me/profile', { ...goodProfile, name: 'After', bio: 'changed', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'invalid-argument', message: expect.stringContaining(message) });
    expect((await client.get('/api/me/profile')).json()).toEqual({ id, ...goodProfile, name: 'Before' });
  });

  it("takes a picture only from the user's own uploads", async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    await t.database.db.insert(uploads).values([
      { id: 'aliceupload01', userId: alice.id, width: 512, height: 512 },
      { id: 'bobupload0001', userId: bob.id, width: 512, height: 512 },
    ]);
    const own = await put(alice.client, '/api/me/profile', { ...goodProfile, image: '/uploads/aliceupload01-1280.webp' });
    expect(own.statusCode).toBe(200);
    expect(own.json().image).toBe('/uploads/aliceupload01-1280.webp');
    const stolen = await put(alice.client, '/api/me/profile', { ...goodProfile, image: '/uploads/bobupload0001-1280.webp' });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.message).toBe('The picture must be an image you uploaded');
    expect((await alice.client.get('/api/me/profile')).json().image).toBe('/uploads/aliceupload01-1280.webp');
    // The header reads the picture from /api/me, at once (the session cache forgets the old row).
    expect((await alice.client.get('/api/me')).json().user.image).toBe('/uploads/aliceupload01-1280.webp');
    expect((await put(alice.client, '/api/me/profile', { ...goodProfile, image: null })).statusCode).toBe(200);
    expect((await alice.client.get('/api/me')).json().user.image).toBeNull();
  });

  it('needs a signed-in user', async () => {
    const anonymous = new HttpClient(t.app);
    expect((await anonymous.get('/api/me/profile')).statusCode).toBe(401);
    expect((await put(anonymous, '/api/me/profile', goodProfile)).statusCode).toBe(401);
  });
});

describe('public profile', () => {
  it('shows name, picture, bio, website and links, but no e-mail, phone or location', async () => {
    const { client, id, email } = await member();
    await put(client, '/api/me/profile', goodProfile);
    const response = await new HttpClient(t.app).get(`/api/users/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      name: 'Robin Maker',
      username: null,
      image: null,
      bio: goodProfile.bio,
      website: goodProfile.website,
      links: goodProfile.links,
      memberSince: expect.any(String),
    });
    const text = response.body;
    expect(text).not.toContain(email);
    expect(text).not.toContain('51.5072');
    expect(text).not.toMatch(/latitude|longitude|phone|email/i);
  });

  it("lists the user's published games and their reviews of listed games", async () => {
    const { id } = await member('Maker');
    const db = t.database.db;
    await db.update(games).set({ ownerId: id }).where(eq(games.id, 3));
    await db.update(games).set({ ownerId: id, status: 'draft' }).where(eq(games.id, 4));
    await db.insert(reviews).values([
      { gameId: 5, userId: id, stars: 4, body: 'Clever opponents.' },
      { gameId: 4, userId: id, stars: 5, body: 'About an unlisted game.' },
    ]);
    const anonymous = new HttpClient(t.app);
    const theirGames = (await anonymous.get(`/api/users/${id}/games`)).json();
    expect(theirGames).toMatchObject({ total: 1, page: 1, pageSize: 12 });
    expect(theirGames.items.map((game: { id: string }) => game.id)).toEqual(['3']);
    const theirReviews = (await anonymous.get(`/api/users/${id}/reviews`)).json();
    expect(theirReviews.total).toBe(1);
    expect(theirReviews.items).toEqual([
      {
        id: expect.any(Number),
        gameId: 5,
        gameTitle: expect.any(String),
        stars: 4,
        body: 'Clever opponents.',
        createdAt: expect.any(String),
      },
    ]);
    expect((await anonymous.get(`/api/users/${id}/games?pageSize=49`)).statusCode).toBe(400);
    await db.update(games).set({ ownerId: null, status: 'published' }).where(eq(games.id, 4));
    await db.update(games).set({ ownerId: null }).where(eq(games.id, 3));
  });

  it('answers 404 for someone who does not exist', async () => {
    const anonymous = new HttpClient(t.app);
    for (const url of ['/api/users/nobody-here', '/api/users/nobody-here/games', '/api/users/nobody-here/reviews']) {
      const response = await anonymous.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not-found');
    }
  });
});
