import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { categories, games } from './catalogue';

// What a member keeps: favourite games and categories, the profile and onboarding, notifications.

/** A user's favourite games. */
export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index('favourites_user_recent_idx').on(t.userId, t.createdAt.desc()),
    index('favourites_game_idx').on(t.gameId, t.createdAt),
  ],
);

/** The categories a user likes, in the order they picked them (/categories and onboarding). */
export const favouriteCategories = pgTable(
  'favourite_categories',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => categories.slug, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categorySlug] })],
);

export const onboardingSteps = ['welcome', 'categories', 'profile', 'done'] as const;

/** What a user tells others about themselves, and where they are in onboarding. Name and avatar live on users. */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    bio: text('bio').notNull().default(''),
    website: text('website').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    onboardingStep: text('onboarding_step', { enum: onboardingSteps }).notNull().default('welcome'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_bio_length', sql`char_length(${t.bio}) <= 280`),
    check('profiles_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('profiles_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);

/** Things the app tells a user (a moderation decision, ...), shown in the app; e-mail goes out separately. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);
