ALTER TABLE "games" ADD COLUMN "not_working" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: games the checks already found Not working start out left out of lists (decision 0072).
UPDATE "games" SET "not_working" = true WHERE "id" IN (SELECT "game_id" FROM "game_health" WHERE "status" = 'not-working');
