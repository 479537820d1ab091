import { z } from 'zod';

/** The 14 categories of the catalogue, in the order the spec lists them. */
export const categorySlugs = [
  'simulation',
  'adventure',
  'action',
  'fighting',
  'strategy',
  'casual',
  'sports',
  'puzzle',
  'rpg',
  'music',
  'turn-based',
  'pixel',
  'racing',
  'fantasy',
] as const;

export const categorySlugSchema = z.enum(categorySlugs, {
  error: (issue) => `Unknown category '${String(issue.input)}'`,
});
export type CategorySlug = z.infer<typeof categorySlugSchema>;

export const categorySchema = z.object({
  slug: categorySlugSchema,
  name: z.string(),
  description: z.string(),
  gameCount: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({ items: z.array(categorySchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;
