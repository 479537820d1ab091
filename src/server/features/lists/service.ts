import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PublicListSummary, PublicListsPage, PublicListsQuery } from '../../../shared/public-lists';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { pageOf } from '../../db/paging';
import { documents, listGameCount, publicListDocument, users } from '../../db/schema';

/** The list's maker, unless they are banned: their lists go with their profile. */
const madeByMember = and(eq(users.id, sql`${documents.data} ->> 'ownerId'`), eq(users.banned, false));

const orders: Record<PublicListsQuery['order'], SQL[]> = {
  newest: [descending(documents.createdAt), descending(documents.documentId)],
  'most-games': [descending(listGameCount), descending(documents.createdAt), descending(documents.documentId)],
};

const summaryColumns = {
  id: documents.documentId,
  name: sql<string | null>`${documents.data} ->> 'name'`,
  description: sql<string | null>`${documents.data} ->> 'description'`,
  gameCount: sql<number>`${listGameCount}`.mapWith(Number),
  createdAt: documents.createdAt,
  makerId: users.id,
  makerName: users.name,
  makerUsername: users.username,
  makerImage: users.image,
};

interface SummaryRow {
  id: string;
  name: string | null;
  description: string | null;
  gameCount: number;
  createdAt: Date;
  makerId: string;
  makerName: string;
  makerUsername: string | null;
  makerImage: string | null;
}

function toSummary(row: SummaryRow): PublicListSummary {
  return {
    id: row.id,
    name: row.name?.trim() || 'Untitled list',
    description: row.description ?? '',
    gameCount: row.gameCount,
    maker: { id: row.makerId, name: row.makerName, username: row.makerUsername, image: row.makerImage },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Public lists for anyone to browse, newest or fullest first. Private lists are never read: the
 * partial indexes over public lists (`documents_public_lists_*_idx`) hold only those, and the
 * same condition filters every row.
 */
export async function browsePublicLists(db: Db, { order, page, pageSize }: PublicListsQuery): Promise<PublicListsPage> {
  const ordered = db
    .select(summaryColumns)
    .from(documents)
    .innerJoin(users, madeByMember)
    .where(publicListDocument)
    .orderBy(...orders[order])
    .$dynamic();
  const countAll = db.select({ total: count() }).from(documents).innerJoin(users, madeByMember).where(publicListDocument);
  return pageOf(ordered, countAll, { page, pageSize }, toSummary);
}
