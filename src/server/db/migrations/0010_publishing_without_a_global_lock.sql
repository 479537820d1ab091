DROP INDEX "live_events_topic_idx";--> statement-breakpoint
-- Hand-edited: rows written before this migration get txid 0 (they were committed in id order,
-- and a bare numeric Last-Event-ID from an older client resumes as "0-<id>"); later rows get
-- the writing transaction's id.
ALTER TABLE "catalogue_changes" ADD COLUMN "txid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_changes" ALTER COLUMN "txid" SET DEFAULT (pg_current_xact_id()::text::bigint);--> statement-breakpoint
ALTER TABLE "live_events" ADD COLUMN "txid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_events" ALTER COLUMN "txid" SET DEFAULT (pg_current_xact_id()::text::bigint);--> statement-breakpoint
CREATE INDEX "catalogue_changes_txid_idx" ON "catalogue_changes" USING btree ("txid","id");--> statement-breakpoint
CREATE INDEX "live_events_txid_idx" ON "live_events" USING btree ("txid","id");--> statement-breakpoint
CREATE INDEX "live_events_topic_idx" ON "live_events" USING btree ("topic","txid","id");--> statement-breakpoint
-- Hand-written: the triggers of migration 0008 no longer take the publish lock; readers find
-- late-committed changes by the writing transaction's id instead.
CREATE OR REPLACE FUNCTION "note_catalogue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
END $$;
