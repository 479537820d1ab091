ALTER TABLE "submissions" ADD COLUMN "build_game_id" integer;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_build_game_id_games_id_fk" FOREIGN KEY ("build_game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_build_game_idx" ON "submissions" USING btree ("build_game_id");