CREATE TABLE "game_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ok" boolean NOT NULL,
	"status_code" smallint,
	"reason" text DEFAULT '' NOT NULL,
	"duration_ms" integer NOT NULL,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_health" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'working' NOT NULL,
	"last_checked_at" timestamp with time zone,
	"failed_streak" integer DEFAULT 0 NOT NULL,
	"last_manual_check_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_health_status_known" CHECK (status in ('working', 'having-problems', 'not-working'))
);
--> statement-breakpoint
CREATE TABLE "game_work_reports" (
	"game_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_work_reports_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "health_url" text;--> statement-breakpoint
ALTER TABLE "game_checks" ADD CONSTRAINT "game_checks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_health" ADD CONSTRAINT "game_health_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_work_reports" ADD CONSTRAINT "game_work_reports_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_work_reports" ADD CONSTRAINT "game_work_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_checks_game_idx" ON "game_checks" USING btree ("game_id","checked_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "game_health_checked_idx" ON "game_health" USING btree ("last_checked_at" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "game_work_reports_game_idx" ON "game_work_reports" USING btree ("game_id","reported_at" DESC NULLS LAST);