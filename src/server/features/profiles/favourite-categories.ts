import { asc, eq } from 'drizzle-orm';
import type { CategorySlug } from '../../../shared/categories';
import { userTopic } from '../../../shared/live';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { favouriteCategories } from '../../db/schema';
import { publish } from '../../live/publish';

export async function getFavouriteCategories(db: Db, userId: string): Promise<CategorySlug[]> {
  const rows = await db
    .select({ slug: favouriteCategories.categorySlug })
    .from(favouriteCategories)
    .where(eq(favouriteCategories.userId, userId))
    .orderBy(asc(favouriteCategories.position));
  return rows.map((row) => row.slug as CategorySlug);
}

/** Replaces the user's favourite categories with these (already validated: known, distinct, few enough). */
export async function setFavouriteCategories(db: Db, actor: Actor, slugs: CategorySlug[]): Promise<CategorySlug[]> {
  await db.transaction(async (tx) => {
    await tx.delete(favouriteCategories).where(eq(favouriteCategories.userId, actor.id));
    if (slugs.length > 0) {
      await tx.insert(favouriteCategories).values(slugs.map((categorySlug, position) => ({ userId: actor.id, categorySlug, position })));
    }
    await publish(tx, userTopic(actor.id), { kind: 'favourite-categories' });
  });
  return slugs;
}
