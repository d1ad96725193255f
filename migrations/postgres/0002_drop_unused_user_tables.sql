DROP TABLE "api_keys" CASCADE;--> statement-breakpoint
DROP TABLE "users" CASCADE;