// The answers made as JSON text (http/json-text.ts) go out as they are, so Fastify never applies
// their routes' response schemas to them: this feeds each through its schema, for a visitor and
// for a member with favourites, hidden games and follows, so a field that drifts fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { categoryListSchema } from '../../../shared/categories';
import { favouriteIdsSchema, favouritesPageSchema } from '../../../shared/favourites';
import { followingFeedSchema } from '../../../shared/follows';
import { gameViewerSchema } from '../../../shared/game-viewer';
import { gameDetailSchema, gamePageSchema, similarGamesSchema } from '../../../shared/games';
import { homeSchema } from '../../../shared/home';
import { createTestApp, type TestApp } from '../../../test-support/server/app';
import { HttpClient } from '../../../test-support/server/http-client';
import { signUpMember } from '../../../test-support/server/members';

let t: TestApp;
let visitor: HttpClient;
let member: HttpClient;

beforeAll(async () => {
  t = await createTestApp();
  visitor = new HttpClient(t.app);
  ({ client: member } = await signUpMember(t.app));
  for (const [method, url, payload] of [
    ['PUT', '/api/games/2/favourite'],
    ['PUT', '/api/games/5/favourite'],
    ['PUT', '/api/games/3/not-interested'],
    ['PUT', '/api/games/4/follow'],
    ['PUT', '/api/me/favourite-categories', { categories: ['puzzle', 'strategy'] }],
  ] as const) {
    const response = await member.request({ method, url, payload });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  }
});
afterAll(() => t.close());

/** Parsing keeps what the schema knows and drops the rest: equal only when nothing is missing, wrong or extra. */
async function conforms(client: HttpClient, url: string, schema: z.ZodType) {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  const body: unknown = response.json();
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? [], url).toEqual([]);
  expect(parsed.data, url).toEqual(body);
}

const answers: [string, z.ZodType][] = [
  ['/api/games', gamePageSchema],
  ['/api/games?q=witness&pageSize=5&page=1', gamePageSchema],
  ['/api/games?category=puzzle&sort=top-rated&showNotWorking=true', gamePageSchema],
  ['/api/games/2', gameDetailSchema],
  ['/api/games/2/similar?limit=4', similarGamesSchema],
  ['/api/games/2/viewer?similar=4&reviews=5&updates=5', gameViewerSchema],
  ['/api/home', homeSchema],
  ['/api/categories', categoryListSchema],
];

const membersOwn: [string, z.ZodType][] = [
  ['/api/me/favourites', favouritesPageSchema],
  ['/api/me/favourites/among?ids=1,2,5', favouriteIdsSchema],
  ['/api/me/following/feed', followingFeedSchema],
];

describe('answers made as JSON text', () => {
  it.each(answers)('%s is exactly its schema for a visitor', async (url, schema) => {
    await conforms(visitor, url, schema);
  });

  it.each([...answers, ...membersOwn])(
    '%s is exactly its schema for a member with favourites, hidden games and follows',
    async (url, schema) => {
      await conforms(member, url, schema);
    },
  );

  it('carries what is the member’s alone where the schema has room for it', async () => {
    expect((await member.get('/api/games')).json().favouriteIds).toEqual(expect.arrayContaining([2, 5]));
    expect((await member.get('/api/home')).json().forYou).toMatchObject({ categories: ['puzzle', 'strategy'] });
  });
});
