import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  check,
  type AnyPgColumn,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { notStatedDisclosure, type AiDisclosure } from '../../../shared/ai-disclosure';
import { aiRunsOnValues } from '../../../shared/catalogue-values';
import { users } from './accounts';
import { writingTransactionId } from './transaction-id';
const ratingCount = '"ratings_1" + "ratings_2" + "ratings_3" + "ratings_4" + "ratings_5"';

const ratingSum = '"ratings_1" + 2 * "ratings_2" + 3 * "ratings_3" + 4 * "ratings_4" + 5 * "ratings_5"';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const gameStatuses = ['draft', 'pending', 'changes-requested', 'published', 'rejected'] as const;

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
    /** How many ratings gave 1, 2, 3, 4 and 5 stars: the rating, its count and the histogram follow from these. */
    ratings1: integer('ratings_1').notNull().default(0),
    ratings2: integer('ratings_2').notNull().default(0),
    ratings3: integer('ratings_3').notNull().default(0),
    ratings4: integer('ratings_4').notNull().default(0),
    ratings5: integer('ratings_5').notNull().default(0),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql.raw(`coalesce(round((${ratingSum})::numeric / nullif(${ratingCount}, 0), 2), 0)`)),
    ratingCount: integer('rating_count').notNull().generatedAlwaysAs(sql.raw(ratingCount)),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    developer: text('developer').notNull(),
    playCount: integer('play_count').notNull().default(0),
    /**
     * Plays in the last TRENDING_DAYS days: counted up by each play, and recounted for a game
     * when one of its plays grows too old (games/trending.ts). What "trending" sorts by.
     */
    recentPlays: integer('recent_plays').notNull().default(0),
    /** The maker who submitted the game; null for the sample games. */
    ownerId: text('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    homepageUrl: text('homepage_url').notNull().default(''),
    platforms: text('platforms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    status: text('status', { enum: gameStatuses }).notNull().default('draft'),
    featured: boolean('featured').notNull().default(false),
    /** Where Play sends people: the maker's https URL, or our page for a sample game. */
    playUrl: text('play_url').notNull().default(''),
    /** The maker's own https address for the "Still works" checks, checked instead of the play URL (decision 0067). */
    healthUrl: text('health_url'),
    /** The checks' status is Not working (game_health, decision 0067): kept here, beside the filters, so lists can leave the game out. */
    notWorking: boolean('not_working').notNull().default(false),
    aiRoles: text('ai_roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    aiRunsOn: text('ai_runs_on', { enum: aiRunsOnValues }).notNull().default('cloud'),
    aiWorksOffline: boolean('ai_works_offline').notNull().default(false),
    aiNeedsOwnKey: boolean('ai_needs_own_key').notNull().default(false),
    aiModelFamily: text('ai_model_family').notNull().default(''),
    aiOutputModerated: boolean('ai_output_moderated').notNull().default(false),
    /** The second edition of the AI disclosure (decision 0064); a game listed before it says "not stated". */
    aiDisclosure: jsonb('ai_disclosure').$type<AiDisclosure>().notNull().default(notStatedDisclosure),
    /** The rating pulled towards 3.5 by 10 imaginary votes, so one 5-star review cannot beat a hundred 4.7s. */
    weightedRating: numeric('weighted_rating', { precision: 4, scale: 3, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql.raw(`(${ratingSum} + 35)::numeric / (${ratingCount} + 10)`)),
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
    check('games_recent_plays_nonnegative', sql`${t.recentPlays} >= 0`),
    check('games_ratings_nonnegative', sql`least(${t.ratings1}, ${t.ratings2}, ${t.ratings3}, ${t.ratings4}, ${t.ratings5}) >= 0`),
    check('games_status_known', sql.raw(`status in (${gameStatuses.map((s) => `'${s}'`).join(', ')})`)),
    index('games_listing_idx').on(t.status, t.releaseDate.desc(), t.id.desc()),
    index('games_search_idx').using('gin', t.search),
    index('games_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('games_ai_roles_idx').using('gin', t.aiRoles),
    index('games_platforms_idx').using('gin', t.platforms),
    // What the disclosure filters of the SQL reference and the catalogue's reads look up.
    ...(['generation', 'provider', 'inputGoesTo', 'cost'] as const).map((fact) =>
      index(`games_ai_${fact.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_idx`).on(
        t.status,
        sql`(${t.aiDisclosure} ->> ${sql.raw(`'${fact}'`)})`,
      ),
    ),
    index('games_weighted_rating_idx').on(t.status, t.weightedRating.desc(), t.id.desc()),
    index('games_play_count_idx').on(t.status, t.playCount.desc(), t.id.desc()),
    index('games_trending_idx').on(t.status, t.recentPlays.desc(), t.playCount.desc(), t.id.desc()),
    index('games_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('games_effective_price_idx').on(t.status, sql`coalesce(${t.priceAmount}, 0)`, t.id),
    index('games_title_idx').on(t.status, t.title, t.id),
    index('games_featured_idx')
      .on(t.status, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.featured}`),
    index('games_owner_idx').on(t.ownerId, t.updatedAt.desc()),
  ],
);

/** One filterable fact of a game's disclosure, as text; a fact it lacks is not stated. */
export const disclosureFact = (fact: 'generation' | 'provider' | 'inputGoesTo' | 'cost') =>
  sql`coalesce(${games.aiDisclosure} ->> ${sql.raw(`'${fact}'`)}, 'not-stated')`;

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
  (t) => [primaryKey({ columns: [t.gameId, t.categorySlug] }), index('game_categories_category_idx').on(t.categorySlug, t.gameId)],
);

/** Screenshots of a game, in the order the maker chose; the cover is not among them. */
export const gameMedia = pgTable(
  'game_media',
  {
    id: serial('id').primaryKey(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /** A path under /media (sample games) or /uploads/<id> (an upload, served at several widths). */
    path: text('path').notNull(),
    alt: text('alt').notNull(),
  },
  (t) => [index('game_media_game_idx').on(t.gameId, t.position)],
);

/**
 * Every change to a game's row, categories or screenshots, written by triggers (migration
 * 0008), so changes made outside the app (psql, scripts) are noted too. The catalogue index
 * (games/catalogue-index.ts) replays them before answering. A null game id means "any game"
 * (a TRUNCATE). Kept for an hour. `txid` is the writing transaction's id: a reader takes the
 * changes its last look could not see (catalogue/catalogue-changes.ts).
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gameId: integer('game_id'),
    txid: bigint('txid', { mode: 'number' }).notNull().default(writingTransactionId),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalogue_changes_changed_at_idx').on(t.changedAt), index('catalogue_changes_txid_idx').on(t.txid, t.id)],
);
