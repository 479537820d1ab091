CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_categories" (
	"game_id" integer NOT NULL,
	"category_slug" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "game_categories_game_id_category_slug_pk" PRIMARY KEY("game_id","category_slug")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"tagline" text NOT NULL,
	"description" text NOT NULL,
	"image_path" text NOT NULL,
	"image_alt" text NOT NULL,
	"price_amount" numeric(8, 2),
	"rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"release_date" date NOT NULL,
	"developer" text NOT NULL,
	"play_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "tagline" || ' ' || "developer"), 'B') || setweight(to_tsvector('english', "description"), 'C')) STORED NOT NULL,
	CONSTRAINT "games_slug_unique" UNIQUE("slug"),
	CONSTRAINT "games_price_amount_positive" CHECK ("games"."price_amount" is null or "games"."price_amount" > 0),
	CONSTRAINT "games_rating_range" CHECK ("games"."rating" between 0 and 5),
	CONSTRAINT "games_status_known" CHECK (status in ('draft', 'pending', 'changes-requested', 'published', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "game_categories" ADD CONSTRAINT "game_categories_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_categories" ADD CONSTRAINT "game_categories_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_categories_category_idx" ON "game_categories" USING btree ("category_slug","game_id");--> statement-breakpoint
CREATE INDEX "games_listing_idx" ON "games" USING btree ("status","release_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "games_search_idx" ON "games" USING gin ("search");