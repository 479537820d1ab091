import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { gameMedia, games } from '../schema';
import { mediaPath, seedGameMedia } from './data/game-media';

/** Gives each sample game its screenshots, only while it has none (a maker's later changes stay). */
export async function seedSampleMedia(db: Db): Promise<void> {
  const sampleGames = await db
    .select({ id: games.id, slug: games.slug })
    .from(games)
    .where(
      sql`${inArray(games.slug, Object.keys(seedGameMedia))} and not exists (select 1 from ${gameMedia} where ${gameMedia.gameId} = ${games.id})`,
    );
  const rows = sampleGames.flatMap(({ id, slug }) =>
    (seedGameMedia[slug] ?? []).map((alt, index) => ({ gameId: id, position: index, path: mediaPath(slug, index + 1), alt })),
  );
  if (rows.length > 0) await db.insert(gameMedia).values(rows);
}
