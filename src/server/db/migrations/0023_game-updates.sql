CREATE TABLE "game_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"maker_id" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"ai_model" text,
	"held" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_updates_title_length" CHECK (char_length("game_updates"."title") between 1 and 120),
	CONSTRAINT "game_updates_body_length" CHECK (char_length("game_updates"."body") between 1 and 10000),
	CONSTRAINT "game_updates_ai_model_length" CHECK ("game_updates"."ai_model" is null or char_length("game_updates"."ai_model") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "game_updates" ADD CONSTRAINT "game_updates_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_updates" ADD CONSTRAINT "game_updates_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_updates_game_newest_idx" ON "game_updates" USING btree ("game_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "game_updates"."held";--> statement-breakpoint
CREATE INDEX "game_updates_newest_idx" ON "game_updates" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "game_updates_maker_idx" ON "game_updates" USING btree ("maker_id");