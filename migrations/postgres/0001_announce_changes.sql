-- Every change to a table whose rows a studio process may hold in memory (moving pointers, labels,
-- saved clients, connections, users and keys) is announced on the `studio_changes` channel when its
-- transaction commits, whoever made it: a write outside a transaction, or by a tool other than the
-- studio, reaches every process too. The payload is the writing process's `studio.instance` setting
-- (set on each of its connections), so a process can tell its own changes from the others'.
-- PostgreSQL sends one notification per transaction for the same channel and payload.
CREATE FUNCTION "studio_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('studio_changes', coalesce(current_setting('studio.instance', true), ''));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "agents_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "agents" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "version_labels_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "version_labels" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "mcp_clients_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mcp_clients" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "integration_configs_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "integration_configs" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "tool_provider_configs_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tool_provider_configs" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "api_keys_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "api_keys" FOR EACH STATEMENT EXECUTE FUNCTION "studio_announce_change"();
