import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { buildAspectRatios, buildStatuses, DEFAULT_ASPECT_RATIO } from '../../../shared/builds';
import { users } from './accounts';
import { games } from './catalogue';

/**
 * One uploaded version of a game's web build. Its files are kept by the build storage
 * (DATA_DIR/builds/<game>/<version>/ on the embedded default), never in a row, and never change:
 * a new upload is a new version.
 */
export const gameBuilds = pgTable(
  'game_builds',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status', { enum: buildStatuses }).notNull().default('pending'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    fileCount: integer('file_count').notNull(),
    /** The page that starts the game, relative to the build's root. */
    entryPath: text('entry_path').notNull(),
    /** Whose quota the build counts against. */
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The approved version the maker chose to play (an approval chooses it too); none: the newest approved plays. */
    playing: boolean('playing').notNull().default(false),
    /** The moderator's note on approval or rejection, shown to the maker. */
    reviewNote: text('review_note').notNull().default(''),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The shape of the game's screen in the page, width:height (decision 0073). */
    aspectRatio: text('aspect_ratio', { enum: buildAspectRatios }).notNull().default(DEFAULT_ASPECT_RATIO),
    /** Served with COOP and COEP, and played in a tab of its own (decision 0073). */
    crossOriginIsolated: boolean('cross_origin_isolated').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.version] }),
    check('game_builds_status_known', sql.raw(`status in (${buildStatuses.map((s) => `'${s}'`).join(', ')})`)),
    check('game_builds_version_positive', sql`${t.version} > 0`),
    check('game_builds_aspect_ratio_known', sql.raw(`aspect_ratio in (${buildAspectRatios.map((r) => `'${r}'`).join(', ')})`)),
    index('game_builds_uploader_idx').on(t.uploadedBy),
    uniqueIndex('game_builds_one_playing')
      .on(t.gameId)
      .where(sql`${t.playing}`),
    index('game_builds_pending_idx')
      .on(t.createdAt, t.gameId, t.version)
      .where(sql`${t.status} = 'pending'`),
  ],
);
