ALTER TABLE `agents` ADD `publish_gate` text;--> statement-breakpoint
ALTER TABLE `runs` ADD `kind` text DEFAULT 'run' NOT NULL;