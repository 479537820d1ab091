CREATE TABLE "game_plays" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"user_id" text,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ai_roles" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ai_runs_on" text DEFAULT 'cloud' NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ai_works_offline" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ai_needs_own_key" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ai_model_family" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ai_output_moderated" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "weighted_rating" numeric(4, 3) GENERATED ALWAYS AS (("rating" * "rating_count" + 35) / ("rating_count" + 10)) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "search_keywords" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" drop column "search";
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "tagline" || ' ' || "developer" || ' ' || "search_keywords" || ' ' || "ai_model_family"), 'B') || setweight(to_tsvector('english', "description"), 'C')) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "games_search_idx" ON "games" USING gin ("search");
--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "game_plays_recent_idx" ON "game_plays" USING btree ("played_at","game_id");
--> statement-breakpoint
CREATE INDEX "game_plays_user_idx" ON "game_plays" USING btree ("user_id","game_id","played_at");
--> statement-breakpoint
CREATE INDEX "games_title_trgm_idx" ON "games" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "games_ai_roles_idx" ON "games" USING gin ("ai_roles");
--> statement-breakpoint
CREATE INDEX "games_weighted_rating_idx" ON "games" USING btree ("status","weighted_rating" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "games_play_count_idx" ON "games" USING btree ("status","play_count" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "games_created_idx" ON "games" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "games_price_idx" ON "games" USING btree ("status","price_amount","id");
--> statement-breakpoint
CREATE INDEX "games_title_idx" ON "games" USING btree ("status","title","id");
