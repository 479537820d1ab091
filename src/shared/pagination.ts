import { z } from 'zod';
import { MAX_PAGE, MAX_PAGE_SIZE } from './constants';

/** `?page=`: from 1; a page past the end of a list answers no items, but not past MAX_PAGE. */
export const pageNumberSchema = z.coerce
  .number({ error: 'page must be a number' })
  .int({ error: 'page must be a whole number' })
  .min(1, { error: 'page must be 1 or more' })
  .max(MAX_PAGE, { error: `page must be at most ${MAX_PAGE}` })
  .default(1);

/** `?page=&pageSize=` of a paginated list, with its default and hard maximum page size. */
export function pageQuerySchema({ defaultSize, maxSize = MAX_PAGE_SIZE }: { defaultSize: number; maxSize?: number }) {
  return z.object({
    page: pageNumberSchema,
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int({ error: 'pageSize must be a whole number' })
      .min(1, { error: 'pageSize must be 1 or more' })
      .max(maxSize, { error: `pageSize must be at most ${maxSize}` })
      .default(defaultSize),
  });
}

/** One page of a list: its items and where the page sits in the whole. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}
