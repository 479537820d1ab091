import { and, eq, inArray, like, or } from 'drizzle-orm';
import { normalisedDisclosure } from '../../../shared/ai-disclosure';
import type { ListablePayload } from '../../../shared/submissions';
import type { Db } from '../../db/client';
import { categories, gameCategories, gameMedia, games } from '../../db/schema';
import { playsInBrowserIfHosted } from '../builds';

export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'game';
}

async function uniqueSlug(tx: Db, title: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(
    (
      await tx
        .select({ slug: games.slug })
        .from(games)
        .where(or(eq(games.slug, base), like(games.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function searchKeywords(tx: Db, slugs: string[]): Promise<string> {
  const rows = await tx.select({ slug: categories.slug, name: categories.name }).from(categories).where(inArray(categories.slug, slugs));
  const names = new Map(rows.map((row) => [row.slug, row.name]));
  return slugs.map((slug) => names.get(slug) ?? slug).join(' ');
}

/** Which game an approval lists: the one the submission edits, or a new game's row made for its web build, or none yet. */
export interface PublishTarget {
  gameId: number | null;
  buildGameId: number | null;
}

/**
 * Writes the approved payload to the listed game: a new game (in the row its web build was
 * uploaded to, if any: decision 0074), or the one the submission edits. Returns the game's id.
 * Call inside the approval's transaction.
 */
export async function publishGame(tx: Db, payload: ListablePayload, ownerId: string, target: PublishTarget): Promise<number> {
  const now = new Date();
  const fields = {
    title: payload.title,
    tagline: payload.tagline,
    description: payload.description,
    imagePath: payload.cover.path,
    imageAlt: payload.cover.alt,
    priceAmount: payload.price === 'paid' ? (payload.priceAmount ?? null) : null,
    releaseDate: payload.releaseDate,
    developer: payload.developer,
    homepageUrl: payload.homepageUrl ?? '',
    platforms: payload.platforms,
    playUrl: payload.playUrl,
    healthUrl: payload.healthUrl || null,
    aiRoles: payload.ai.roles,
    aiRunsOn: payload.ai.runsOn,
    aiWorksOffline: payload.ai.worksOffline,
    aiNeedsOwnKey: payload.ai.needsOwnApiKey,
    aiModelFamily: payload.ai.modelFamily,
    aiOutputModerated: payload.ai.outputModerated,
    aiDisclosure: normalisedDisclosure(payload.ai.disclosure),
    searchKeywords: await searchKeywords(tx, payload.categories),
    status: 'published' as const,
    updatedAt: now,
  };
  const id =
    target.gameId !== null
      ? await updateGame(tx, target.gameId, fields, now)
      : target.buildGameId !== null
        ? await updateGame(tx, target.buildGameId, { ...fields, slug: await uniqueSlug(tx, fields.title) }, now)
        : await insertGame(tx, fields, ownerId, now);
  // The payload's platforms are the maker's; a build that plays here adds the browser to them.
  await playsInBrowserIfHosted(tx, id);
  await tx.delete(gameCategories).where(eq(gameCategories.gameId, id));
  await tx.insert(gameCategories).values(payload.categories.map((categorySlug, position) => ({ gameId: id, categorySlug, position })));
  await tx.delete(gameMedia).where(eq(gameMedia.gameId, id));
  if (payload.screenshots.length > 0) {
    await tx
      .insert(gameMedia)
      .values(payload.screenshots.map((shot, position) => ({ gameId: id, position, path: shot.path, alt: shot.alt })));
  }
  return id;
}

type GameFields = Omit<typeof games.$inferInsert, 'slug'> & { slug?: string };

async function insertGame(tx: Db, fields: GameFields, ownerId: string, now: Date): Promise<number> {
  const slug = await uniqueSlug(tx, fields.title);
  const [row] = await tx
    .insert(games)
    .values({ ...fields, slug, ownerId, publishedAt: now })
    .returning({ id: games.id });
  return row!.id;
}

async function updateGame(tx: Db, gameId: number, fields: GameFields, now: Date): Promise<number> {
  const [current] = await tx.select({ publishedAt: games.publishedAt, status: games.status }).from(games).where(eq(games.id, gameId));
  if (!current) throw new Error(`The game ${gameId} of this submission is gone`);
  // A game back from being unpublished counts as newly published; an edit keeps its date.
  const publishedAt = current.status === 'published' && current.publishedAt ? current.publishedAt : now;
  await tx
    .update(games)
    .set({ ...fields, publishedAt })
    .where(and(eq(games.id, gameId)));
  return gameId;
}
