CREATE TABLE `test_case_changes` (
	`agent_id` text PRIMARY KEY NOT NULL,
	`changed_at` text NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `test_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`agent_id` text NOT NULL,
	`name` text NOT NULL,
	`input` text NOT NULL,
	`request_context` text DEFAULT '{}' NOT NULL,
	`expectations` text DEFAULT '[]' NOT NULL,
	`recording` text,
	`replay` text,
	`from_run_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`agent_id`) REFERENCES `agents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `test_cases_agent_idx` ON `test_cases` (`agent_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `test_cases_from_run_idx` ON `test_cases` (`from_run_id`);