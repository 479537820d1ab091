import { and, count, eq, isNull } from 'drizzle-orm';
import { userTopic } from '../../../shared/live';
import type { Notification, NotificationPage } from '../../../shared/submissions';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { descending } from '../../db/order';
import { pageOf } from '../../db/paging';
import { notFound } from '../../http/app-error';
import { publish } from '../live/publish';

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link: string;
}

/** Call inside the transaction that made the change: the user's open tabs hear of it on commit. */
export async function notify(tx: Db, userId: string, notification: NewNotification): Promise<void> {
  const [row] = await tx.insert(notifications).values({ userId, ...notification }).returning({ id: notifications.id });
  await publish(tx, userTopic(userId), { kind: 'notification', id: row!.id });
}

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(db: Db, actor: Actor, page: number, pageSize: number): Promise<NotificationPage> {
  const mine = eq(notifications.userId, actor.id);
  const [listed, [unread]] = await Promise.all([
    pageOf(
      db.select().from(notifications).where(mine).orderBy(descending(notifications.createdAt), descending(notifications.id)).$dynamic(),
      db.select({ total: count() }).from(notifications).where(mine),
      { page, pageSize },
      toNotification,
    ),
    db.select({ total: count() }).from(notifications).where(and(mine, isNull(notifications.readAt))),
  ]);
  return { ...listed, unread: unread?.total ?? 0 };
}

export async function markRead(db: Db, actor: Actor, id: number): Promise<void> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound(`No notification with id ${id}`);
}

export async function markAllRead(db: Db, actor: Actor): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
}
