import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { games } from './catalogue';

const follower = () => text('follower_id').notNull().references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A user following a maker: told when the maker lists a game. */
export const makerFollows = pgTable(
  'maker_follows',
  {
    followerId: follower(),
    makerId: text('maker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.makerId] }), index('maker_follows_maker_idx').on(t.makerId)],
);

/** A user following a game: told when it is updated. */
export const gameFollows = pgTable(
  'game_follows',
  {
    followerId: follower(),
    gameId: integer('game_id').notNull().references(() => games.id, { onDelete: 'cascade' }),
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
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    bell: boolean('bell').notNull().default(true),
    email: boolean('email').notNull().default(false),
    /** E-mail digests of this kind have told of everything up to here (reviews: the daily digest). */
    digestedThrough: timestamp('digested_through', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

const hider = () => text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' });

/**
 * A game a user said "Not interested" to: left out of their lists, search and home.
 * Read whole by the key's prefix once per request; listed newest first on /account.
 */
export const hiddenGames = pgTable(
  'hidden_games',
  {
    userId: hider(),
    gameId: integer('game_id').notNull().references(() => games.id, { onDelete: 'cascade' }),
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
    makerId: text('maker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.makerId] }),
    index('hidden_makers_user_created_idx').on(t.userId, t.createdAt.desc(), t.makerId.desc()),
    index('hidden_makers_maker_idx').on(t.makerId),
  ],
);
