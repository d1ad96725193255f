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
ALTER TABLE "test_case_changes" ADD CONSTRAINT "test_case_changes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_cases_agent_idx" ON "test_cases" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "test_cases_from_run_idx" ON "test_cases" USING btree ("from_run_id");