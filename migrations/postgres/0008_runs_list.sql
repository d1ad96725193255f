DROP INDEX "runs_agent_idx";--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "finished_at" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "finish_reason" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "input_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "output_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "tool_call_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "runs_started_idx" ON "runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "runs_agent_started_idx" ON "runs" USING btree ("agent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "runs_agent_status_started_idx" ON "runs" USING btree ("agent_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "runs_status_started_idx" ON "runs" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "runs_thread_started_idx" ON "runs" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "runs_resource_started_idx" ON "runs" USING btree ("resource_id","created_at","id");