-- Using an API key moves its last_used_at (at most every few seconds per key). That is nobody's
-- cached state, yet the api_keys trigger of 0004_announce_sign_in_changes.sql announced it, so
-- every busy key emptied the other instances' caches for nothing. An update now announces only
-- when a column other than last_used_at changes (a per-row trigger, since only those can compare
-- the row before and after); inserts, deletes and truncates announce as before.
DROP TRIGGER "api_keys_announce_change" ON "api_keys";
--> statement-breakpoint
CREATE TRIGGER "api_keys_announce_change" AFTER INSERT OR DELETE OR TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "api_keys_announce_update" AFTER UPDATE ON "api_keys" FOR EACH ROW WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at')) EXECUTE FUNCTION "studio_announce_change"();
