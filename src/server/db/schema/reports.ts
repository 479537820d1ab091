import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const reportKinds = ['game', 'review', 'list', 'profile'] as const;
export const reportStatuses = ['open', 'dismissed', 'actioned'] as const;
export const decisionActions = ['dismiss', 'remove', 'unlist', 'warn', 'suspend', 'ban', 'reinstate'] as const;

/**
 * A moderator's decision about one item or one account: what was done, to whom, and the reason
 * the author is shown. An appeal (issue 33, part 3) will point at one of these rows.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: serial('id').primaryKey(),
    moderatorId: text('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null for a decision about an account itself (suspend, ban or reinstate from the account list). */
    targetKind: text('target_kind', { enum: reportKinds }),
    targetId: text('target_id'),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: decisionActions }).notNull(),
    suspendDays: smallint('suspend_days'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_decisions_author_idx').on(t.authorId, t.createdAt.desc())],
);

/**
 * A member's report of an item. `snapshot` keeps what the item said when this report was filed,
 * so an edit cannot hide it; one open report per member per item.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    targetKind: text('target_kind', { enum: reportKinds }).notNull(),
    targetId: text('target_id').notNull(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote the item when it was reported (a game's maker, a list's owner, ...). */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    snapshot: jsonb('snapshot').notNull(),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    decisionId: integer('decision_id').references(() => moderationDecisions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('reports_note_length', sql`char_length(${t.note}) <= 1000`),
    uniqueIndex('reports_one_open_per_member_idx').on(t.targetKind, t.targetId, t.reporterId).where(sql`${t.status} = 'open'`),
    index('reports_open_idx').on(t.targetKind, t.targetId, t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);
