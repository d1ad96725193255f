ALTER TABLE "agents" ADD COLUMN "publish_gate" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "kind" text DEFAULT 'run' NOT NULL;