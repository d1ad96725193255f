DROP TABLE `api_keys`;--> statement-breakpoint
DROP TABLE `users`;