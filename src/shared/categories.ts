import { z } from 'zod';
import { categorySlugs } from './category-slugs';

export { categorySlugs, type CategorySlug } from './category-slugs';

export const categorySlugSchema = z.enum(categorySlugs, {
  error: (issue) => `Unknown category '${String(issue.input)}'`,
});

export const categorySchema = z.object({
  slug: categorySlugSchema,
  name: z.string(),
  description: z.string(),
  gameCount: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({ items: z.array(categorySchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;
