import { and, eq, isNull, sql } from 'drizzle-orm';
import { userTopic } from '../../../shared/live';
import type { Notification, NotificationPage } from '../../../shared/submissions';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { descending } from '../../db/order';
import { preparedStatement } from '../../db/prepared';
import { notifications } from '../../db/schema';
import { notFound } from '../../http/app-error';
import type { LiveHub } from '../../live/hub';
import { keptForMember } from '../../live/kept-per-member';
import { publish } from '../../live/publish';

export interface NewNotification {
  kind: string;
  title: string;
  body: string;
  link: string;
}

/** Call inside the transaction that made the change: the user's open tabs hear of it on commit. */
export async function notify(tx: Db, userId: string, notification: NewNotification): Promise<void> {
  const [row] = await tx
    .insert(notifications)
    .values({ userId, ...notification })
    .returning({ id: notifications.id });
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

/** How many notifications the user has, and how many are unread. */
const countsOf = (db: Db) =>
  db
    .select({
      total: sql<number>`count(*)::int`.as('total'),
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`.as('unread'),
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('userId')));

/**
 * A page of the user's notifications, newest first, each row carrying the user's totals. A user
 * with none still gets one row (the totals, no notification), so the header's call is one query.
 */
const notificationPage = preparedStatement((db) => {
  const counts = countsOf(db).as('counts');
  return db
    .select({ notification: notifications, total: counts.total, unread: counts.unread })
    .from(counts)
    .leftJoin(notifications, eq(notifications.userId, sql.placeholder('userId')))
    .orderBy(descending(notifications.createdAt), descending(notifications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('notification_page');
});

/** The totals alone: for a page past the last one, which has no rows to carry them. */
const notificationCounts = preparedStatement((db) => countsOf(db).prepare('notification_counts'));

/**
 * How many of the user's notifications are unread: the header's bell, sent with `GET /api/me`,
 * kept on each instance until an event on the member's topic (decision 0079). Every change to
 * it publishes there (`notify`, `bellEachRow`, a read), and the instance that commits it forgets
 * at once, so a recipient's next page here never shows the count from before.
 */
export function unreadNotificationCount(db: Db, live: LiveHub, actor: Actor): Promise<number> {
  return keptForMember(live, actor.id, 'unread-notifications', async () => {
    const [counts] = await notificationCounts(db).execute({ userId: actor.id });
    return counts?.unread ?? 0;
  });
}

// The notifications list asks this: one prepared statement, planned once per connection.
export async function listNotifications(db: Db, actor: Actor, page: number, pageSize: number): Promise<NotificationPage> {
  const rows = await notificationPage(db).execute({ userId: actor.id, limit: pageSize, offset: (page - 1) * pageSize });
  const [counts] = rows.length > 0 ? rows : await notificationCounts(db).execute({ userId: actor.id });
  const items = rows.flatMap((row) => (row.notification ? [toNotification(row.notification)] : []));
  return { items, total: counts?.total ?? 0, page, pageSize, unread: counts?.unread ?? 0 };
}

// A read's event tells the member's other tabs, whose bells then read the count again.
const READ_EVENT = { kind: 'notifications-read' };

export async function markRead(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
      .returning({ id: notifications.id });
    if (updated.length === 0) throw notFound(`No notification with id ${id}`);
    await publish(tx, userTopic(actor.id), READ_EVENT);
  });
}

export async function markAllRead(db: Db, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
    await publish(tx, userTopic(actor.id), READ_EVENT);
  });
}
