import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { reviews } from './plays-and-reviews';

export const reportKinds = ['game', 'review', 'list', 'profile', 'reply', 'update'] as const;
export const appealStatuses = ['open', 'upheld', 'overturned'] as const;
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
    /** What the decision took away that an overturned appeal puts back (a removed review, a reset profile). */
    kept: jsonb('kept'),
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
    uniqueIndex('reports_one_open_per_member_idx')
      .on(t.targetKind, t.targetId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
    index('reports_open_idx')
      .on(t.targetKind, t.targetId, t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * An author's one appeal of a decision about them, decided by a moderator other than the one who
 * made the decision (decision 0058); that second decision is final.
 */
export const moderationAppeals = pgTable(
  'moderation_appeals',
  {
    id: serial('id').primaryKey(),
    decisionId: integer('decision_id')
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    appellantId: text('appellant_id').references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: appealStatuses }).notNull().default('open'),
    moderatorId: text('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('moderation_appeals_text_length', sql`char_length(${t.text}) <= 2000`),
    uniqueIndex('moderation_appeals_one_per_decision_idx').on(t.decisionId),
    index('moderation_appeals_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** An item hidden pending a moderator's decision because enough members in good standing reported it. */
export const reportHolds = pgTable(
  'report_holds',
  {
    targetKind: text('target_kind', { enum: reportKinds }).notNull(),
    targetId: text('target_id').notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.targetKind, t.targetId] })],
);

/** A game's maker's one reply to a review of it (issue 33, part 6). */
export const reviewReplies = pgTable(
  'review_replies',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    makerId: text('maker_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    held: boolean('held').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('review_replies_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    uniqueIndex('review_replies_one_per_review_idx').on(t.reviewId),
  ],
);
