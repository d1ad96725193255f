CREATE TABLE "evaluations" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"version_number" integer NOT NULL,
	"config_hash" text NOT NULL,
	"status" text NOT NULL,
	"test_cases_changed_at" text NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"results" text DEFAULT '[]' NOT NULL,
	"error" text,
	"created_by" text,
	"started_at" text NOT NULL,
	"finished_at" text
);
--> statement-breakpoint
CREATE INDEX "evaluations_agent_idx" ON "evaluations" USING btree ("agent_id","started_at");--> statement-breakpoint
CREATE INDEX "evaluations_config_idx" ON "evaluations" USING btree ("agent_id","config_hash");