ALTER TABLE "game_builds" ADD COLUMN "playing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "review_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_builds" ADD CONSTRAINT "game_builds_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_builds_one_playing" ON "game_builds" USING btree ("game_id") WHERE "game_builds"."playing";--> statement-breakpoint
CREATE INDEX "game_builds_pending_idx" ON "game_builds" USING btree ("created_at","game_id","version") WHERE "game_builds"."status" = 'pending';