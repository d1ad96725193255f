-- The sign-in tables replaced the first users and api_keys tables, whose change triggers went with
-- them: users, their sessions and API keys announce their changes like the other cached tables
-- (0001_announce_changes.sql), so a disabled user, an ended session or a revoked key is refused by
-- every instance at once.
CREATE TRIGGER "users_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "api_keys_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
