DROP INDEX "games_price_idx";--> statement-breakpoint
CREATE INDEX "games_effective_price_idx" ON "games" USING btree ("status",coalesce("price_amount", 0),"id");--> statement-breakpoint
-- Hand-written (Drizzle's index builder has no INCLUDE): lets the one-pass facet count read the index instead of the table.
CREATE INDEX "games_facets_idx" ON "games" USING btree ("status","rating") INCLUDE ("id","price_amount","ai_runs_on","ai_works_offline","ai_needs_own_key","ai_output_moderated","release_date","ai_roles");
