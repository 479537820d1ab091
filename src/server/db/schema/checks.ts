import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { workStatuses } from '../../../shared/work-status-values';
import { users } from './accounts';
import { games } from './catalogue';

const gameId = () =>
  integer('game_id')
    .notNull()
    .references(() => games.id, { onDelete: 'cascade' });

/** One check of a game's outside address from the server (decision 0067); the last 30 per game are kept. */
export const gameChecks = pgTable(
  'game_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: gameId(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    /** The final answer's status; null when there was none (refused, timed out, too many redirects). */
    statusCode: smallint('status_code'),
    /** Short, for the maker: empty when the check passed. */
    reason: text('reason').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    /** Asked for by the maker ("Check now") rather than the schedule. */
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [index('game_checks_game_idx').on(t.gameId, t.checkedAt.desc(), t.id.desc())],
);

/** What the checks and the players' signals say of a game now, kept so lists can filter by it. */
export const gameHealth = pgTable(
  'game_health',
  {
    gameId: integer('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    status: text('status', { enum: workStatuses }).notNull().default('working'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** Failed checks in a row, up to the latest. */
    failedStreak: integer('failed_streak').notNull().default(0),
    lastManualCheckAt: timestamp('last_manual_check_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('game_health_status_known', sql.raw(`status in (${workStatuses.map((s) => `'${s}'`).join(', ')})`)),
    index('game_health_checked_idx').on(t.lastCheckedAt.asc().nullsFirst()),
  ],
);

/** A member saying "It doesn't work for me": one row per member and game, its time renewed at most once a week. */
export const gameWorkReports = pgTable(
  'game_work_reports',
  {
    gameId: gameId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] }), index('game_work_reports_game_idx').on(t.gameId, t.reportedAt.desc())],
);
