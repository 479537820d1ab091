ALTER TABLE "game_builds" ADD COLUMN "aspect_ratio" text DEFAULT '16:9' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_builds" ADD COLUMN "cross_origin_isolated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_builds" ADD CONSTRAINT "game_builds_aspect_ratio_known" CHECK (aspect_ratio in ('16:9', '4:3', '3:2', '1:1', '3:4', '9:16'));