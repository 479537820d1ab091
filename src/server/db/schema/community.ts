import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { games } from './catalogue';

const follower = () =>
  text('follower_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A user following a maker: told when the maker lists a game. */
export const makerFollows = pgTable(
  'maker_follows',
  {
    followerId: follower(),
    makerId: text('maker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.makerId] }), index('maker_follows_maker_idx').on(t.makerId)],
);

/** A user following a game: told when it is updated. */
export const gameFollows = pgTable(
  'game_follows',
  {
    followerId: follower(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.gameId] }), index('game_follows_game_idx').on(t.gameId)],
);

/**
 * How a user wants to hear of one kind of notification; no row means the kind's defaults
 * (bell on, e-mail off).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    bell: boolean('bell').notNull().default(true),
    email: boolean('email').notNull().default(false),
    /** E-mail digests of this kind have told of everything up to here (reviews: the daily digest). */
    digestedThrough: timestamp('digested_through', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

const hider = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A game a user said "Not interested" to: left out of their lists, search and home.
 * Read whole by the key's prefix once per request; listed newest first on /account.
 */
export const hiddenGames = pgTable(
  'hidden_games',
  {
    userId: hider(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index('hidden_games_user_created_idx').on(t.userId, t.createdAt.desc(), t.gameId.desc()),
    index('hidden_games_game_idx').on(t.gameId),
  ],
);

/** A maker a user said "Not interested" to: every game of theirs is left out for that user. */
export const hiddenMakers = pgTable(
  'hidden_makers',
  {
    userId: hider(),
    makerId: text('maker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.makerId] }),
    index('hidden_makers_user_created_idx').on(t.userId, t.createdAt.desc(), t.makerId.desc()),
    index('hidden_makers_maker_idx').on(t.makerId),
  ],
);

/**
 * A maker's post about their listed game (issue 37, part 4): shown on the game page, its feed
 * and to followers. `held` hides it pending a moderator's decision (decision 0058); a moderator's
 * removal deletes the row and keeps it on the decision for an appeal (decision 0066).
 */
export const gameUpdates = pgTable(
  'game_updates',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    makerId: text('maker_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The new model's name when the post says the game's AI changed; null otherwise. */
    aiModel: text('ai_model'),
    held: boolean('held').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('game_updates_title_length', sql`char_length(${t.title}) between 1 and 120`),
    check('game_updates_body_length', sql`char_length(${t.body}) between 1 and 10000`),
    check('game_updates_ai_model_length', sql`${t.aiModel} is null or char_length(${t.aiModel}) between 1 and 120`),
    // The game page, its feed and the followers' list read a game's shown updates newest first.
    index('game_updates_game_newest_idx')
      .on(t.gameId, t.createdAt.desc(), t.id.desc())
      .where(sql`not ${t.held}`),
    index('game_updates_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    // A member's data export reads the posts they wrote.
    index('game_updates_maker_idx').on(t.makerId),
  ],
);
