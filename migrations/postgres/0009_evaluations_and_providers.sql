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
CREATE TABLE "model_provider_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"api_key" text,
	"base_url" text,
	"updated_by" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_case_changes" (
	"agent_id" text PRIMARY KEY NOT NULL,
	"changed_at" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"name" text NOT NULL,
	"input" text NOT NULL,
	"request_context" text DEFAULT '{}' NOT NULL,
	"expectations" text DEFAULT '[]' NOT NULL,
	"recording" text,
	"replay" text,
	"from_run_id" text,
	"created_at" text NOT NULL,
	"updated_at" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "publish_gate" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "kind" text DEFAULT 'run' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_case_changes" ADD CONSTRAINT "test_case_changes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluations_agent_idx" ON "evaluations" USING btree ("agent_id","started_at");--> statement-breakpoint
CREATE INDEX "evaluations_config_idx" ON "evaluations" USING btree ("agent_id","config_hash");--> statement-breakpoint
CREATE INDEX "test_cases_agent_idx" ON "test_cases" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "test_cases_from_run_idx" ON "test_cases" USING btree ("from_run_id");