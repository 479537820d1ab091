import { and, eq, inArray } from 'drizzle-orm';
import {
  defaultNotificationPreference,
  notificationPreferenceKinds,
  type NotificationPreferenceKind,
  type NotificationPreferences,
} from '../../../shared/follows';
import type { Actor } from '../../auth/session';
import type { Db } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

export async function getPreferences(db: Db, actor: Actor): Promise<NotificationPreferences> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, actor.id));
  const chosen = new Map(rows.map((row) => [row.kind, { bell: row.bell, email: row.email }]));
  return Object.fromEntries(
    notificationPreferenceKinds.map((kind) => [kind, chosen.get(kind) ?? { ...defaultNotificationPreference }]),
  ) as NotificationPreferences;
}

export async function setPreferences(db: Db, actor: Actor, preferences: NotificationPreferences): Promise<NotificationPreferences> {
  const rows = notificationPreferenceKinds.map((kind) => ({ userId: actor.id, kind, ...preferences[kind] }));
  await db.transaction(async (tx) => {
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, actor.id));
    await tx.insert(notificationPreferences).values(rows);
  });
  return getPreferences(db, actor);
}

/** Of these users, who wants `kind` on the bell and who by e-mail (one statement, the defaults for the rest). */
export async function audienceOf(
  db: Db,
  userIds: readonly string[],
  kind: NotificationPreferenceKind,
): Promise<{ bell: string[]; email: string[] }> {
  if (userIds.length === 0) return { bell: [], email: [] };
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.kind, kind), inArray(notificationPreferences.userId, [...userIds])));
  const chosen = new Map(rows.map((row) => [row.userId, row]));
  const wants = (userId: string, how: 'bell' | 'email') => chosen.get(userId)?.[how] ?? defaultNotificationPreference[how];
  return { bell: userIds.filter((id) => wants(id, 'bell')), email: userIds.filter((id) => wants(id, 'email')) };
}
