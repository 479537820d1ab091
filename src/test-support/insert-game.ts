import type { Db } from '../server/db/client';
import { gameCategories, games } from '../server/db/schema';

/**
 * Writes a game straight in, in the puzzle category, in one transaction: the database refuses a
 * published game without a category when the transaction commits (migration 0029).
 */
export function insertGame(db: Db, values: typeof games.$inferInsert): Promise<number> {
  return db.transaction(async (tx) => {
    const [game] = await tx.insert(games).values(values).returning({ id: games.id });
    await tx.insert(gameCategories).values({ gameId: game!.id, categorySlug: 'puzzle', position: 0 });
    return game!.id;
  });
}

/** A published game's fields for a test, nobody its maker unless `values` says: a slug of its own, the rest as given or plain. */
export function testGame(slug: string, values: Partial<typeof games.$inferInsert> = {}): typeof games.$inferInsert {
  return {
    slug,
    title: 'A Test Game',
    tagline: 'A game to review',
    description: 'Made by a test.',
    imagePath: '/covers/humfield.svg',
    imageAlt: 'A cover',
    releaseDate: '2025-01-01',
    developer: 'Tests',
    status: 'published',
    aiRoles: ['story'],
    ...values,
  };
}
