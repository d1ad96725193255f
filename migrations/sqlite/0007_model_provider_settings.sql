CREATE TABLE `model_provider_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`api_key` text,
	`base_url` text,
	`updated_by` text NOT NULL,
	`updated_at` text NOT NULL
);
