CREATE TABLE `stdio_launch_specs` (
	`id` text PRIMARY KEY NOT NULL,
	`command` text NOT NULL,
	`args` text DEFAULT '[]' NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `mcp_clients` ADD `approval` text DEFAULT 'approved' NOT NULL;