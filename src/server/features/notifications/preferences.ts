import { and, eq, inArray, sql } from 'drizzle-orm';
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
  const stored = notificationPreferences;
  await db
    .insert(stored)
    .values(rows)
    .onConflictDoUpdate({
      target: [stored.userId, stored.kind],
      set: {
        bell: sql`excluded.bell`,
        email: sql`excluded.email`,
        // A digest tells only of what happened while e-mail was chosen.
        digestedThrough: sql`case when ${stored.email} then ${stored.digestedThrough} else now() end`,
      },
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
