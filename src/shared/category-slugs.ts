// Zod-free, so screens that only need the names do not load the schema library.

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

export type CategorySlug = (typeof categorySlugs)[number];
