import { asc, eq } from 'drizzle-orm';
import type { CategorySlug } from '../../../shared/categories';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { favouriteCategories } from '../../db/schema';
import type { LiveHub } from '../../live/hub';
import { keptForMember, writeMemberFacts } from '../../live/kept-per-member';

async function readFavouriteCategories(db: Db, userId: string): Promise<CategorySlug[]> {
  const rows = await db
    .select({ slug: favouriteCategories.categorySlug })
    .from(favouriteCategories)
    .where(eq(favouriteCategories.userId, userId))
    .orderBy(asc(favouriteCategories.position));
  return rows.map((row) => row.slug as CategorySlug);
}

/** The user's favourite categories, in their order: every member's home asks, so kept until their topic tells of a change. */
export function favouriteCategoriesOf(db: Db, live: LiveHub, userId: string): Promise<CategorySlug[]> {
  return keptForMember(live, userId, 'favourite-categories', () => readFavouriteCategories(db, userId));
}

/** Replaces the user's favourite categories with these (already validated: known, distinct, few enough). */
export async function setFavouriteCategories(db: Db, actor: Actor, slugs: CategorySlug[]): Promise<CategorySlug[]> {
  await writeMemberFacts(db, actor.id, { kind: 'favourite-categories' }, async (tx) => {
    await tx.delete(favouriteCategories).where(eq(favouriteCategories.userId, actor.id));
    if (slugs.length > 0) {
      await tx.insert(favouriteCategories).values(slugs.map((categorySlug, position) => ({ userId: actor.id, categorySlug, position })));
    }
  });
  return slugs;
}
