import { and, eq } from 'drizzle-orm';
import { gameBuilds, users } from '../server/db/schema';
import type { BuildStatus } from '../shared/builds';
import { insertGame } from './insert-game';
import type { TestApp } from './server/app';
import type { HttpClient } from './server/http-client';
import { signUpMember } from './server/members';
import { multipartBody } from './test-images';

let made = 0;

/** A member who is the maker of a listed game of their own. */
export async function makerWithGame(t: Pick<TestApp, 'app' | 'database'>) {
  const { client, email } = await signUpMember(t.app, { name: 'Maker' });
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const slug = `hosted-build-${++made}-${Date.now()}`;
  const gameId = await insertGame(t.database.db, {
    slug,
    title: `Hosted ${made}`,
    tagline: 'Plays in the page',
    description: 'A game with a web build.',
    imagePath: '/images/sample.webp',
    imageAlt: 'Cover',
    releaseDate: '2026-01-01',
    developer: 'Maker',
    ownerId: user!.id,
    status: 'published',
    publishedAt: new Date(),
  });
  return { client, email, userId: user!.id, gameId };
}

/** Uploads a zip as a browser's form would: the plain fields first, then the zip. */
export function uploadBuild(
  client: HttpClient,
  gameId: number,
  zip: Buffer,
  headers: Record<string, string> = {},
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody(zip, { field: 'build', name: 'build.zip', type: 'application/zip', fields });
  return client.request({
    method: 'POST',
    url: `/api/games/${gameId}/builds`,
    payload,
    headers: { 'content-type': contentType, ...headers },
  });
}

/** Sets a status directly, as a build approved before review choices were kept (or seeded) would have. */
export async function setBuildStatus(t: Pick<TestApp, 'database'>, gameId: number, version: number, status: BuildStatus) {
  await t.database.db
    .update(gameBuilds)
    .set({ status })
    .where(and(eq(gameBuilds.gameId, gameId), eq(gameBuilds.version, version)));
}
