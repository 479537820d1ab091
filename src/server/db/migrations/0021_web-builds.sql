CREATE TABLE "game_builds" (
	"game_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"size_bytes" bigint NOT NULL,
	"file_count" integer NOT NULL,
	"entry_path" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_builds_game_id_version_pk" PRIMARY KEY("game_id","version"),
	CONSTRAINT "game_builds_status_known" CHECK (status in ('pending', 'approved', 'rejected')),
	CONSTRAINT "game_builds_version_positive" CHECK ("game_builds"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "game_builds" ADD CONSTRAINT "game_builds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_builds" ADD CONSTRAINT "game_builds_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_builds_uploader_idx" ON "game_builds" USING btree ("uploaded_by");