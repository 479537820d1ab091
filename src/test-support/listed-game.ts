import type { Db } from '../server/db/client';
import { gameCategories, games } from '../server/db/schema';
import type { CategorySlug } from '../shared/categories';

/**
 * Writes a game straight in, with its categories in the same transaction: the database refuses
 * a published game without one when the transaction commits (migration 0029).
 */
export function insertGame(db: Db, values: typeof games.$inferInsert, categories: CategorySlug[] = ['puzzle']): Promise<number> {
  return db.transaction(async (tx) => {
    const [game] = await tx.insert(games).values(values).returning({ id: games.id });
    const rows = categories.map((categorySlug, position) => ({ gameId: game!.id, categorySlug, position }));
    if (rows.length > 0) await tx.insert(gameCategories).values(rows);
    return game!.id;
  });
}
