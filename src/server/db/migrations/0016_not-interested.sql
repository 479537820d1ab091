CREATE TABLE "hidden_games" (
	"user_id" text NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_games_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "hidden_makers" (
	"user_id" text NOT NULL,
	"maker_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_makers_user_id_maker_id_pk" PRIMARY KEY("user_id","maker_id")
);
--> statement-breakpoint
ALTER TABLE "hidden_games" ADD CONSTRAINT "hidden_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_games" ADD CONSTRAINT "hidden_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_makers" ADD CONSTRAINT "hidden_makers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_makers" ADD CONSTRAINT "hidden_makers_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hidden_games_user_created_idx" ON "hidden_games" USING btree ("user_id","created_at" DESC NULLS LAST,"game_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hidden_games_game_idx" ON "hidden_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "hidden_makers_user_created_idx" ON "hidden_makers" USING btree ("user_id","created_at" DESC NULLS LAST,"maker_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hidden_makers_maker_idx" ON "hidden_makers" USING btree ("maker_id");