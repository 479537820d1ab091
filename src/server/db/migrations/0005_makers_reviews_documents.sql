CREATE TABLE "game_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"path" text NOT NULL,
	"alt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"user_id" text,
	"stars" smallint NOT NULL,
	"body" text NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_stars_range" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_body_length" CHECK (char_length("reviews"."body") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "favourite_categories" (
	"user_id" text NOT NULL,
	"category_slug" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "favourite_categories_user_id_category_slug_pk" PRIMARY KEY("user_id","category_slug")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"links" text[] DEFAULT '{}'::text[] NOT NULL,
	"onboarding_step" text DEFAULT 'welcome' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_bio_length" CHECK (char_length("profiles"."bio") <= 280),
	CONSTRAINT "profiles_latitude_range" CHECK ("profiles"."latitude" between -90 and 90),
	CONSTRAINT "profiles_longitude_range" CHECK ("profiles"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"submission_id" integer,
	"game_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"game_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"moderator_note" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"path" text PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"document_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ratings_1" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ratings_2" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ratings_3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ratings_4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ratings_5" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: existing totals become a histogram on the two star levels around the average, so the rating and count are kept.
UPDATE "games" SET
  "ratings_1" = CASE WHEN least(greatest(floor("rating"), 1), 4) = 1 THEN round("rating_count" * (least(greatest(floor("rating"), 1), 4) + 1 - "rating")) WHEN least(greatest(floor("rating"), 1), 4) + 1 = 1 THEN "rating_count" - round("rating_count" * (least(greatest(floor("rating"), 1), 4) + 1 - "rating")) ELSE 0 END,
  "ratings_2" = CASE WHEN least(greatest(floor("rating"), 1), 4) = 2 THEN round("rating_count" * (least(greatest(floor("rating"), 1), 4) + 1 - "rating")) WHEN least(greatest(floor("rating"), 1), 4) + 1 = 2 THEN "rating_count" - round("rating_count" * (least(greatest(floor("rating"), 1), 4) + 1 - "rating")) ELSE 0 END,
  "ratings_3" = CASE WHEN least(greatest(floor("rating"), 1), 4) = 3 THEN round("rating_count" * (least(greatest(floor("rating"), 1), 4) + 1 - "rating")) WHEN least(greatest(floor("rating"), 1), 4) + 1 = 3 THEN "rating_count" - round("rating_count" * (least(greatest(floor("rating"), 1), 4) + 1 - "rating")) ELSE 0 END,
  "ratings_4" = CASE WHEN least(greatest(floor("rating"), 1), 4) = 4 THEN round("rating_count" * (least(greatest(floor("rating"), 1), 4) + 1 - "rating")) WHEN least(greatest(floor("rating"), 1), 4) + 1 = 4 THEN "rating_count" - round("rating_count" * (least(greatest(floor("rating"), 1), 4) + 1 - "rating")) ELSE 0 END,
  "ratings_5" = CASE WHEN least(greatest(floor("rating"), 1), 4) = 5 THEN round("rating_count" * (least(greatest(floor("rating"), 1), 4) + 1 - "rating")) WHEN least(greatest(floor("rating"), 1), 4) + 1 = 5 THEN "rating_count" - round("rating_count" * (least(greatest(floor("rating"), 1), 4) + 1 - "rating")) ELSE 0 END;--> statement-breakpoint
UPDATE "games" SET "published_at" = "created_at" WHERE "status" = 'published' AND "published_at" IS NULL;--> statement-breakpoint
ALTER TABLE "games" DROP CONSTRAINT "games_rating_range";--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "weighted_rating";--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "rating_count";--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rating" numeric(3, 2) GENERATED ALWAYS AS (coalesce(round(("ratings_1" + 2 * "ratings_2" + 3 * "ratings_3" + 4 * "ratings_4" + 5 * "ratings_5")::numeric / nullif("ratings_1" + "ratings_2" + "ratings_3" + "ratings_4" + "ratings_5", 0), 2), 0)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rating_count" integer GENERATED ALWAYS AS ("ratings_1" + "ratings_2" + "ratings_3" + "ratings_4" + "ratings_5") STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "weighted_rating" numeric(4, 3) GENERATED ALWAYS AS (("ratings_1" + 2 * "ratings_2" + 3 * "ratings_3" + 4 * "ratings_4" + 5 * "ratings_5" + 35)::numeric / ("ratings_1" + "ratings_2" + "ratings_3" + "ratings_4" + "ratings_5" + 10)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "games_weighted_rating_idx" ON "games" USING btree ("status","weighted_rating" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "homepage_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "platforms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "game_media" ADD CONSTRAINT "game_media_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_categories" ADD CONSTRAINT "favourite_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_categories" ADD CONSTRAINT "favourite_categories_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_media_game_idx" ON "game_media" USING btree ("game_id","position");--> statement-breakpoint
CREATE INDEX "review_votes_user_idx" ON "review_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_game_user_idx" ON "reviews" USING btree ("game_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_game_newest_idx" ON "reviews" USING btree ("game_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_game_helpful_idx" ON "reviews" USING btree ("game_id","helpful_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_log_recent_idx" ON "moderation_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_log_game_idx" ON "moderation_log" USING btree ("game_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_queue_idx" ON "submissions" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_user_idx" ON "submissions" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_game_idx" ON "submissions" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "documents_collection_idx" ON "documents" USING btree ("collection","document_id");--> statement-breakpoint
CREATE INDEX "live_events_topic_idx" ON "live_events" USING btree ("topic","id");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_plays_game_idx" ON "game_plays" USING btree ("game_id","played_at");--> statement-breakpoint
CREATE INDEX "games_featured_idx" ON "games" USING btree ("status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "games"."featured";--> statement-breakpoint
CREATE INDEX "games_owner_idx" ON "games" USING btree ("owner_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "favourites_game_idx" ON "favourites" USING btree ("game_id","created_at");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_ratings_nonnegative" CHECK (least("games"."ratings_1", "games"."ratings_2", "games"."ratings_3", "games"."ratings_4", "games"."ratings_5") >= 0);