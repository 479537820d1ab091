-- Hand-written: a game page names the web build that plays in it (decision 0071), so a build
-- approved, rejected, chosen or removed is a change of what the catalogue shows, as a game's
-- categories and screenshots are (migration 0008).
CREATE TRIGGER "game_builds_noted" AFTER INSERT OR UPDATE OR DELETE ON "game_builds" FOR EACH ROW EXECUTE FUNCTION "note_catalogue_change"();--> statement-breakpoint
CREATE TRIGGER "game_builds_truncate_noted" AFTER TRUNCATE ON "game_builds" FOR EACH STATEMENT EXECUTE FUNCTION "note_catalogue_change"();
