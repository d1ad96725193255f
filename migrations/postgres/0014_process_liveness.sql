CREATE TABLE "studio_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" text NOT NULL,
	"alive_at" text NOT NULL,
	"alive_until" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "process_id" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "process_id" text;