import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { games } from './catalogue';
import { moderationDecisions } from './reports';

/**
 * An image a user uploaded, re-encoded by us. Its WebP variants are kept by the upload storage
 * (UPLOAD_STORAGE): files DATA_DIR/uploads/<id>-<width>.webp, or rows of upload_variants.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt.desc()), index('uploads_created_idx').on(t.createdAt)],
);

/** Raw bytes; PGlite hands them over as a Uint8Array, node-postgres as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * The stored WebP of one upload at one width, when uploads are kept in the database
 * (UPLOAD_STORAGE=database), so every instance sharing it serves every image. Deleting the
 * upload deletes its variants.
 */
export const uploadVariants = pgTable(
  'upload_variants',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** One of the upload widths (480, 1280, 2400): the number in the image's address. */
    width: integer('width').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.width] })],
);

export const submissionStatuses = ['draft', 'pending', 'changes-requested', 'published', 'rejected', 'withdrawn'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

/**
 * A maker's version of a game on its way through review. The listed game (games) changes only
 * when a moderator approves, so a published game stays visible while its edit is reviewed.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The listed game this submission created or edits; null until a new game is first approved. */
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    /**
     * A new game's unlisted row, made when its maker first uploads a web build with the
     * submission, so the build has a game to belong to; the first approval lists it (decision 0074).
     */
    buildGameId: integer('build_game_id').references(() => games.id, { onDelete: 'set null' }),
    status: text('status', { enum: submissionStatuses }).notNull().default('draft'),
    /** The form's fields as the shared submission schema describes them. */
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The moderator's reason (rejected) or note (changes requested). */
    moderatorNote: text('moderator_note').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submissions_queue_idx').on(t.status, t.submittedAt, t.id),
    index('submissions_user_idx').on(t.userId, t.updatedAt.desc()),
    index('submissions_game_idx').on(t.gameId),
    uniqueIndex('submissions_build_game_idx').on(t.buildGameId),
  ],
);

/** Every moderation decision and admin action: who, when, what and why. */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    submissionId: integer('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    /** A decision on reports or on an account: what it was done to is in that row. */
    decisionId: integer('decision_id').references((): AnyPgColumn => moderationDecisions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_log_recent_idx').on(t.createdAt.desc(), t.id.desc()),
    index('moderation_log_game_idx').on(t.gameId, t.createdAt.desc()),
  ],
);
