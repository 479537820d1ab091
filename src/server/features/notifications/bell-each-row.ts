import { sql, type SQL } from 'drizzle-orm';
import { defaultNotificationPreference, type NotificationPreferenceKind } from '../../../shared/follows';
import { userTopicPrefix } from '../../../shared/live';
import { notificationPreferences, notifications } from '../../db/schema';
import { publishEachRow } from '../../live/publish';

/** A notification made from a row of an earlier WITH query: each part an expression over that row. */
export interface BellOfRow {
  userId: SQL;
  kind: string;
  title: SQL;
  body: SQL;
  link: SQL;
}

/**
 * `notify` as part of a statement, for a hot write: two WITH queries, `name` and `name_events`,
 * that put a notification on the bell of each row's `userId` who keeps the bell on for
 * `preference` (the default for those who never chose) and publish it on their topic. Call
 * `announceOnCommit` once the statement has run, with the topics of the users it may have
 * told: the statement alone does not tell this instance whose kept bell to forget.
 */
export function bellEachRow(name: string, rows: SQL, preference: NotificationPreferenceKind, bell: BellOfRow): SQL {
  const wantsBell = sql`coalesce((select p.bell from ${notificationPreferences} p where p.user_id = ${bell.userId} and p.kind = ${preference}), ${defaultNotificationPreference.bell})`;
  const inserted = sql`${sql.identifier(name)}`;
  return sql`${inserted} as (
    insert into ${notifications} (user_id, kind, title, body, link)
    select ${bell.userId}, ${bell.kind}, ${bell.title}, ${bell.body}, ${bell.link} from ${rows}
    where ${bell.userId} is not null and ${wantsBell}
    returning id, user_id
  ), ${sql.identifier(`${name}_events`)} as (
    ${publishEachRow(inserted, [
      {
        topic: sql`${userTopicPrefix}::text || ${inserted}.user_id`,
        payload: sql`jsonb_build_object('kind', 'notification', 'id', ${inserted}.id)`,
      },
    ])}
  )`;
}
