-- Stored model provider settings are held in memory by every studio process (the model registry
-- reads them before each run): a saved or cleared key announces itself like the other cached
-- tables (0001_announce_changes.sql), so every instance uses it from its next run on.
CREATE TRIGGER "model_provider_settings_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "model_provider_settings" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
