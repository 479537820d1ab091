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
