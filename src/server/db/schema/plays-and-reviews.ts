import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { games } from './catalogue';

// What players do with a listed game: plays, reviews and the votes on them.

/** One play of a game (counted at most once per user per game per hour). */
export const gamePlays = pgTable(
  'game_plays',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
    /** Still counted in its game's `recent_plays`; cleared once the play is too old to count. */
    countedAsRecent: boolean('counted_as_recent').notNull().default(true),
  },
  (t) => [
    index('game_plays_counted_recent_idx')
      .on(t.playedAt)
      .where(sql`${t.countedAsRecent}`),
    index('game_plays_user_idx').on(t.userId, t.gameId, t.playedAt),
    index('game_plays_game_idx').on(t.gameId, t.playedAt),
  ],
);

/** One player's review of a game: stars, text and helpful votes. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** Null once the author deleted their account: the review stays, anonymised. */
    userId: text('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    stars: smallint('stars').notNull(),
    body: text('body').notNull(),
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** Hidden pending a moderator's decision: enough members in good standing reported it (decision 0058). */
    held: boolean('held').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_stars_range', sql`${t.stars} between 1 and 5`),
    check('reviews_body_length', sql`char_length(${t.body}) <= 5000`),
    uniqueIndex('reviews_game_user_idx').on(t.gameId, t.userId),
    index('reviews_game_newest_idx').on(t.gameId, t.createdAt.desc(), t.id.desc()),
    index('reviews_game_helpful_idx').on(t.gameId, t.helpfulCount.desc(), t.id.desc()),
    index('reviews_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** "This review helped me": one vote per user per review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_votes_user_idx').on(t.userId)],
);
