CREATE TABLE "game_follows" (
	"follower_id" text NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_follows_follower_id_game_id_pk" PRIMARY KEY("follower_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "maker_follows" (
	"follower_id" text NOT NULL,
	"maker_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maker_follows_follower_id_maker_id_pk" PRIMARY KEY("follower_id","maker_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"bell" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "game_follows" ADD CONSTRAINT "game_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_follows" ADD CONSTRAINT "game_follows_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maker_follows" ADD CONSTRAINT "maker_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maker_follows" ADD CONSTRAINT "maker_follows_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_follows_game_idx" ON "game_follows" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "maker_follows_maker_idx" ON "maker_follows" USING btree ("maker_id");--> statement-breakpoint
CREATE INDEX "games_platforms_idx" ON "games" USING gin ("platforms");