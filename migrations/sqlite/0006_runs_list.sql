DROP INDEX `runs_agent_idx`;--> statement-breakpoint
ALTER TABLE `runs` ADD `finished_at` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `duration_ms` integer;--> statement-breakpoint
ALTER TABLE `runs` ADD `finish_reason` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `input_tokens` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `output_tokens` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `runs` ADD `tool_call_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `runs_started_idx` ON `runs` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `runs_agent_started_idx` ON `runs` (`agent_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `runs_agent_status_started_idx` ON `runs` (`agent_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `runs_status_started_idx` ON `runs` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `runs_thread_started_idx` ON `runs` (`thread_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `runs_resource_started_idx` ON `runs` (`resource_id`,`created_at`,`id`);