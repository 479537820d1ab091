import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination';

export const publicListOrders = ['newest', 'most-games'] as const;
export type PublicListOrder = (typeof publicListOrders)[number];

export const PUBLIC_LISTS_PAGE_SIZE = 24;
export const PUBLIC_LISTS_MAX_PAGE_SIZE = 48;

/** `GET /api/lists/public?order=&page=&pageSize=`: newest first unless asked for the fullest. */
export const publicListsQuerySchema = pageQuerySchema({ defaultSize: PUBLIC_LISTS_PAGE_SIZE, maxSize: PUBLIC_LISTS_MAX_PAGE_SIZE }).extend({
  order: z
    .enum(publicListOrders, { error: `order must be one of ${publicListOrders.join(', ')}` })
    .default('newest')
    .meta({ description: 'newest (made most recently) or most-games', examples: ['newest'] }),
});
export type PublicListsQuery = z.infer<typeof publicListsQuerySchema>;

/** Who made a list, as their public profile names them. */
export const listMakerSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  image: z.string().nullable(),
});
export type ListMaker = z.infer<typeof listMakerSchema>;

export const publicListSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  gameCount: z.number().int().nonnegative(),
  maker: listMakerSchema,
  createdAt: z.string(),
});
export type PublicListSummary = z.infer<typeof publicListSummarySchema>;

export const publicListsPageSchema = pageSchema(publicListSummarySchema);
export type PublicListsPage = z.infer<typeof publicListsPageSchema>;
