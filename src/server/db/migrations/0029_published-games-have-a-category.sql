-- Hand-written: a published game always has a category, the first being its primary one. Every
-- list and page reads it, so one published game without any would break them all; checked at
-- commit, so a transaction may replace a game's categories or publish a game and then add them.
CREATE FUNCTION "check_published_game_has_category"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  game integer;
BEGIN
  IF TG_TABLE_NAME = 'games' THEN game := NEW.id; ELSE game := OLD.game_id; END IF;
  IF EXISTS (SELECT 1 FROM "games" WHERE "id" = game AND "status" = 'published')
    AND NOT EXISTS (SELECT 1 FROM "game_categories" WHERE "game_id" = game) THEN
    RAISE EXCEPTION 'Game % is published but has no category', game USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "published_games_have_a_category" AFTER INSERT OR UPDATE OF "status" ON "games"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "check_published_game_has_category"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "published_games_keep_a_category" AFTER DELETE OR UPDATE OF "game_id" ON "game_categories"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "check_published_game_has_category"();
