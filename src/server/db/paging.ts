import type { PgSelect } from 'drizzle-orm/pg-core';

export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * One page of an ordered query (call `.$dynamic()` on it), fetched beside the count of the whole,
 * as `{ items, total, page, pageSize }` (the shape of `pageSchema`).
 */
export async function pageOf<Query extends PgSelect, Item>(
  ordered: Query,
  countAll: PromiseLike<{ total: number }[]>,
  { page, pageSize }: PageRequest,
  toItem: (row: Awaited<Query>[number]) => Item,
): Promise<{ items: Item[]; total: number; page: number; pageSize: number }> {
  const [rows, [counted]] = await Promise.all([ordered.limit(pageSize).offset((page - 1) * pageSize), countAll]);
  return { items: (rows as Awaited<Query>).map(toItem), total: counted?.total ?? 0, page, pageSize };
}
