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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "tagline" || ' ' || "developer"), 'B') || setweight(to_tsvector('english', "description"), 'C')`,
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
  ],
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
