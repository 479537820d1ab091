DROP INDEX "game_plays_recent_idx";--> statement-breakpoint
ALTER TABLE "game_plays" ADD COLUMN "counted_as_recent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "recent_plays" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written backfill: plays older than the trending window (7 days) no longer count, and
-- each game's recent_plays is the number of its plays that still do.
UPDATE "game_plays" SET "counted_as_recent" = false WHERE "played_at" <= now() - interval '7 days';--> statement-breakpoint
UPDATE "games" SET "recent_plays" = "recent"."plays"
FROM (SELECT "game_id", count(*)::int AS "plays" FROM "game_plays" WHERE "counted_as_recent" GROUP BY "game_id") AS "recent"
WHERE "games"."id" = "recent"."game_id";--> statement-breakpoint
CREATE INDEX "game_plays_counted_recent_idx" ON "game_plays" USING btree ("played_at") WHERE "game_plays"."counted_as_recent";--> statement-breakpoint
CREATE INDEX "games_trending_idx" ON "games" USING btree ("status","recent_plays" DESC NULLS LAST,"play_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_recent_plays_nonnegative" CHECK ("games"."recent_plays" >= 0);
