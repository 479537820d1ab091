CREATE TABLE "catalogue_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_changed_at_idx" ON "catalogue_changes" USING btree ("changed_at");--> statement-breakpoint
-- Hand-written: triggers note every change to what the catalogue shows, whoever makes it.
-- They take the live publish lock (features/live/publish.ts, 0x6c697665) until commit, so
-- change ids become visible in increasing order and a reader of "id > last seen" skips none.
CREATE FUNCTION "note_catalogue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1818850917);
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO "catalogue_changes" ("game_id") VALUES (NULL);
  ELSIF TG_TABLE_NAME = 'games' THEN
    INSERT INTO "catalogue_changes" ("game_id") VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "catalogue_changes" ("game_id") VALUES (OLD."game_id");
  ELSE
    INSERT INTO "catalogue_changes" ("game_id") VALUES (NEW."game_id");
    IF TG_OP = 'UPDATE' AND OLD."game_id" <> NEW."game_id" THEN
      INSERT INTO "catalogue_changes" ("game_id") VALUES (OLD."game_id");
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "games_noted" AFTER INSERT OR UPDATE OR DELETE ON "games" FOR EACH ROW EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "games_truncate_noted" AFTER TRUNCATE ON "games" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "game_categories_noted" AFTER INSERT OR UPDATE OR DELETE ON "game_categories" FOR EACH ROW EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "game_categories_truncate_noted" AFTER TRUNCATE ON "game_categories" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "game_media_noted" AFTER INSERT OR UPDATE OR DELETE ON "game_media" FOR EACH ROW EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "game_media_truncate_noted" AFTER TRUNCATE ON "game_media" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();
