import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { aiRunsOnValues } from '../../../shared/catalogue';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const gameStatuses = [
  'draft',
  'pending',
  'changes-requested',
  'published',
  'rejected',
] as const;
export type GameStatus = (typeof gameStatuses)[number];

export const categories = pgTable('categories', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  position: smallint('position').notNull(),
});

export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    tagline: text('tagline').notNull(),
    description: text('description').notNull(),
    imagePath: text('image_path').notNull(),
    imageAlt: text('image_alt').notNull(),
    /** Null for a free game. */
    priceAmount: numeric('price_amount', { precision: 8, scale: 2, mode: 'number' }),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    developer: text('developer').notNull(),
    playCount: integer('play_count').notNull().default(0),
    status: text('status', { enum: gameStatuses }).notNull().default('draft'),
    featured: boolean('featured').notNull().default(false),
    /** Where Play sends people: the maker's https URL, or our page for a sample game. */
    playUrl: text('play_url').notNull().default(''),
    aiRoles: text('ai_roles').array().notNull().default(sql`'{}'::text[]`),
    aiRunsOn: text('ai_runs_on', { enum: aiRunsOnValues }).notNull().default('cloud'),
    aiWorksOffline: boolean('ai_works_offline').notNull().default(false),
    aiNeedsOwnKey: boolean('ai_needs_own_key').notNull().default(false),
    aiModelFamily: text('ai_model_family').notNull().default(''),
    aiOutputModerated: boolean('ai_output_moderated').notNull().default(false),
    /** The rating pulled towards 3.5 by 10 imaginary votes, so one 5-star review cannot beat a hundred 4.7s. */
    weightedRating: numeric('weighted_rating', { precision: 4, scale: 3, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`("rating" * "rating_count" + 35) / ("rating_count" + 10)`),
    /** Names of the game's categories, kept by the service so search finds them too. */
    searchKeywords: text('search_keywords').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "tagline" || ' ' || "developer" || ' ' || "search_keywords" || ' ' || "ai_model_family"), 'B') || setweight(to_tsvector('english', "description"), 'C')`,
      ),
  },
  (t) => [
    check('games_price_amount_positive', sql`${t.priceAmount} is null or ${t.priceAmount} > 0`),
    check('games_rating_range', sql`${t.rating} between 0 and 5`),
    check(
      'games_status_known',
      sql.raw(`status in (${gameStatuses.map((s) => `'${s}'`).join(', ')})`),
    ),
    index('games_listing_idx').on(t.status, t.releaseDate.desc(), t.id.desc()),
    index('games_search_idx').using('gin', t.search),
    index('games_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('games_ai_roles_idx').using('gin', t.aiRoles),
    index('games_weighted_rating_idx').on(t.status, t.weightedRating.desc(), t.id.desc()),
    index('games_play_count_idx').on(t.status, t.playCount.desc(), t.id.desc()),
    index('games_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('games_price_idx').on(t.status, t.priceAmount, t.id),
    index('games_title_idx').on(t.status, t.title, t.id),
  ],
);

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
  },
  (t) => [index('game_plays_recent_idx').on(t.playedAt, t.gameId), index('game_plays_user_idx').on(t.userId, t.gameId, t.playedAt)],
);

/** Which categories a game is in; position 0 is its primary category. */
export const gameCategories = pgTable(
  'game_categories',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => categories.slug),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.categorySlug] }),
    index('game_categories_category_idx').on(t.categorySlug, t.gameId),
  ],
);
